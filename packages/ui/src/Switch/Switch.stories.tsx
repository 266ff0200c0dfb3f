import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { expectToken } from '../testing/tokens';
import { withTip } from '../testing/tooltip';
import { vars } from '../theme/theme.css';
import { Switch } from './Switch';

const meta = {
  title: 'Forms/Switch',
  component: Switch,
  tags: ['autodocs'],
  args: { label: 'Automatisch synchronisieren', onCheckedChange: fn() },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: 'Automatisch synchronisieren' });
    await expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await expect(toggle).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    // The label toggles it too.
    await userEvent.click(canvas.getByText('Automatisch synchronisieren'));
    await expect(toggle).not.toBeChecked();
  },
};

export const KeyboardSpace: Story = {
  play: async ({ args, canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Automatisch synchronisieren' });
    await userEvent.tab();
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(toggle).toBeChecked();
    await userEvent.keyboard(' ');
    await expect(toggle).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(2);
  },
};

export const CheckedWithHint: Story = {
  args: { defaultChecked: true, hint: 'Neue Inhalte werden nachts auf alle VR-Brillen übertragen.' },
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Automatisch synchronisieren' });
    await expect(toggle).toBeChecked();
    await expect(toggle).toHaveAccessibleDescription(
      'Neue Inhalte werden nachts auf alle VR-Brillen übertragen.',
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: 'Automatisch synchronisieren' });
    await userEvent.click(toggle);
    await expect(toggle).not.toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
    // The label dims with the switch.
    await expect(canvas.getByText('Automatisch synchronisieren')).toHaveStyle({ opacity: '0.7' });
  },
};

/** Not changeable for a reason: focusable, does not toggle, the reason as tooltip and description. */
export const UnavailableWithReason: Story = {
  args: {
    label: 'Geführter Modus',
    defaultChecked: true,
    disabledReason: 'Benötigt Software 4.0.1 oder neuer (installiert: 3.9.2).',
  },
  decorators: [
    (Story) => (
      <div style={{ padding: '64px 24px 16px' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = await withTip(() => canvas.getByRole('switch', { name: 'Geführter Modus' }));
    await expect(toggle).toHaveAttribute('aria-disabled', 'true');
    await userEvent.tab();
    await expect(toggle).toHaveFocus();
    const tip = await within(document.body).findByRole('tooltip');
    await expect(tip).toHaveTextContent('Benötigt Software 4.0.1 oder neuer (installiert: 3.9.2).');
    await expect(toggle).toHaveAccessibleDescription(
      'Benötigt Software 4.0.1 oder neuer (installiert: 3.9.2).',
    );
    await userEvent.keyboard(' ');
    await userEvent.click(toggle);
    await userEvent.click(canvas.getByText('Geführter Modus'));
    await expect(toggle).toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
    await waitFor(() => expect(canvas.getByText('Geführter Modus')).toHaveStyle({ opacity: '0.7' }));
  },
};

export const LongGermanText: Story = {
  args: {
    label: 'Wiedergabelisten nach dem Hochladen automatisch auf alle VR-Brillen der Organisation übertragen',
    hint: 'Die Übertragung beginnt, sobald die VR-Brillen mit dem WLAN verbunden und geladen sind.',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '320px' }}>
        <Story />
      </div>
    ),
  ],
};

/**
 * The setting could not be saved: the switch is marked aria-invalid, the message (after the hint) is
 * its description and shows below the label, with a red border on the track.
 */
export const WithError: Story = {
  args: {
    defaultChecked: true,
    hint: 'Neue Inhalte werden nachts auf alle VR-Brillen übertragen.',
    error: 'Die Einstellung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  },
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Automatisch synchronisieren' });
    await expect(toggle).toHaveAttribute('aria-invalid', 'true');
    await expect(toggle).toHaveAccessibleDescription(
      'Neue Inhalte werden nachts auf alle VR-Brillen übertragen. Die Einstellung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
    );
    await expectToken(toggle, 'borderColor', vars.color.critical);
    // Still operable: the user can try again.
    await userEvent.click(toggle);
    await expect(toggle).not.toBeChecked();
  },
};

export const WithErrorLightTheme: Story = { ...WithError, globals: { theme: 'light' } };

export const CheckedWithHintLightTheme: Story = { ...CheckedWithHint, globals: { theme: 'light' } };

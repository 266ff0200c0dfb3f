import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { expectToken } from '../testing/tokens';
import { vars } from '../theme/theme.css';
import { TextField } from './TextField';

const meta = {
  title: 'Forms/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'E-Mail', name: 'email', type: 'email', autoComplete: 'username', onChange: fn() },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'E-Mail' });
    await userEvent.type(input, 'lehrer@schule.example');
    await expect(input).toHaveValue('lehrer@schule.example');
    await expect(args.onChange).toHaveBeenCalled();
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

export const WithHint: Story = {
  args: { hint: 'Die Adresse, mit der Sie sich registriert haben.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'E-Mail' });
    await expect(input).toHaveAccessibleDescription('Die Adresse, mit der Sie sich registriert haben.');
  },
};

export const WithError: Story = {
  args: {
    defaultValue: 'lehrer@',
    hint: 'Die Adresse, mit der Sie sich registriert haben.',
    error: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'E-Mail' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      'Die Adresse, mit der Sie sich registriert haben. Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
    const errorId = input.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '';
    await expect(canvasElement.ownerDocument.getElementById(errorId)).toHaveTextContent(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
  },
};

/** Tabbing into the field shows the focus ring, a 2 px outline in the focus-ring colour. */
export const FocusVisible: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'E-Mail' });
    await expect(input).not.toHaveFocus();
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await expect(input).toHaveStyle({ outlineStyle: 'solid', outlineWidth: '2px' });
    await expectToken(input, 'outlineColor', vars.color.focusRing);
  },
};

export const Password: Story = {
  args: { label: 'Passwort', name: 'password', type: 'password', autoComplete: 'current-password' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Passwort');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.type(input, 'portal2026');
    await expect(input).toHaveValue('portal2026');
  },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 'admin@kmz.example' } };

export const LongGermanText: Story = {
  args: {
    label: 'Bezeichnung der Wiedergabeliste für die Jahrgangsstufe',
    hint: 'Der Name erscheint auf allen VR-Brillen, die mit dieser Wiedergabeliste synchronisiert werden.',
    error:
      'Der Dateiname enthält unzulässige Zeichen. Bitte verwenden Sie nur Buchstaben, Ziffern, Bindestriche und Unterstriche.',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '320px' }}>
        <Story />
      </div>
    ),
  ],
};

export const WithErrorLightTheme: Story = { ...WithError, globals: { theme: 'light' } };

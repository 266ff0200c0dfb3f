import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { expectToken } from '../testing/tokens';
import { vars } from '../theme/theme.css';
import { PasswordField } from './PasswordField';

const meta = {
  title: 'Forms/PasswordField',
  component: PasswordField,
  tags: ['autodocs'],
  args: {
    label: 'Passwort',
    name: 'password',
    autoComplete: 'current-password',
    showPasswordLabel: 'Passwort anzeigen',
    hidePasswordLabel: 'Passwort verbergen',
  },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ShowAndHide: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Passwort');
    await userEvent.type(input, 'portal2026');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Passwort anzeigen' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('portal2026');
    // Keyboard: the toggle follows the input in tab order and works with Enter.
    await userEvent.click(input);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Passwort verbergen' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('button', { name: 'Passwort anzeigen' })).toBeVisible();
  },
};

/**
 * The show/hide button under the mouse pointer takes the raised surface as its background.
 * `parameters.pseudo` forces :hover (storybook-addon-pseudo-states), so the visual baseline shows it.
 */
export const Hover: Story = {
  args: { defaultValue: 'portal2026' },
  parameters: { pseudo: { hover: true } },
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('button', { name: 'Passwort anzeigen' });
    await expectToken(toggle, 'backgroundColor', vars.color.surfaceRaised);
  },
};

export const WithError: Story = {
  args: { error: 'Bitte geben Sie Ihr Passwort ein.', hint: 'Mindestens 10 Zeichen.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Passwort');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      'Mindestens 10 Zeichen. Bitte geben Sie Ihr Passwort ein.',
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'geheim' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Passwort')).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Passwort anzeigen' })).toBeDisabled();
  },
};

export const LongGermanText: Story = {
  args: {
    label: 'Neues Passwort für den Zugang zum Gerätemanagement des Kreismedienzentrums',
    hint: 'Verwenden Sie mindestens zehn Zeichen, darunter Großbuchstaben, Kleinbuchstaben und Ziffern.',
    error: 'Das Passwort entspricht nicht den Sicherheitsanforderungen der Organisation.',
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

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Select } from './Select';

const meta = {
  title: 'Forms/Select',
  component: Select,
  tags: ['autodocs'],
  args: {
    label: 'Rolle',
    name: 'role',
    placeholder: 'Bitte wählen',
    options: [
      { value: 'admin', label: 'Administrator' },
      { value: 'teacher', label: 'Lehrkraft' },
      { value: 'viewer', label: 'Betrachter', disabled: true },
    ],
    onChange: fn(),
  },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Rolle' });
    await expect(select).toHaveValue('');
    await userEvent.selectOptions(select, 'Lehrkraft');
    await expect(select).toHaveValue('teacher');
    await expect(args.onChange).toHaveBeenCalledTimes(1);
  },
};

/** Arrow keys and type-ahead come from the browser's own select; the story checks it is reachable. */
export const Keyboard: Story = {
  args: { placeholder: undefined, defaultValue: 'admin' },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Rolle' });
    await userEvent.tab();
    await expect(select).toHaveFocus();
    await expect(select).toHaveValue('admin');
    await expect(within(select).getByRole('option', { name: 'Betrachter' })).toBeDisabled();
  },
};

export const WithError: Story = {
  args: { error: 'Bitte wählen Sie eine Rolle.', hint: 'Bestimmt, was die Person sehen darf.' },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Rolle' });
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toHaveAccessibleDescription(
      'Bestimmt, was die Person sehen darf. Bitte wählen Sie eine Rolle.',
    );
  },
};

export const Disabled: Story = { args: { disabled: true } };

export const Empty: Story = {
  args: { options: [], placeholder: 'Keine Organisationen vorhanden' },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Rolle' });
    await expect(within(select).getAllByRole('option')).toHaveLength(1);
  },
};

export const LongGermanText: Story = {
  args: {
    label: 'Kreismedienzentrum, dem die VR-Brillen dieser Schule zugeordnet sind',
    options: [
      { value: 'a', label: 'Kreismedienzentrum Rhein-Neckar-Kreis, Außenstelle Sinsheim-Hoffenheim' },
      { value: 'b', label: 'Stadtmedienzentrum Stuttgart' },
    ],
    defaultValue: 'a',
    placeholder: undefined,
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

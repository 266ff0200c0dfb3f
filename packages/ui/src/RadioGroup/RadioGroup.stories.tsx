import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { RadioGroup } from './RadioGroup';

const meta = {
  title: 'Forms/RadioGroup',
  component: RadioGroup,
  tags: ['autodocs'],
  args: {
    label: 'Sichtbarkeit',
    name: 'visibility',
    options: [
      { value: 'private', label: 'Nur für mich' },
      { value: 'organization', label: 'Für meine Organisation' },
      { value: 'public', label: 'Für alle Organisationen' },
    ],
    onValueChange: fn(),
  },
} satisfies Meta<typeof RadioGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radiogroup', { name: 'Sichtbarkeit' })).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: 'Für meine Organisation' }));
    await expect(canvas.getByRole('radio', { name: 'Für meine Organisation' })).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('organization');
  },
};

export const KeyboardArrows: Story = {
  args: { defaultValue: 'private' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'Nur für mich' })).toHaveFocus();
    // Radix moves focus a tick after keydown and checks the focused radio while the arrow is held,
    // as a real key press does; so the key is released only after the move.
    const press = async (key: string, name: string) => {
      await userEvent.keyboard(`{${key}>}`);
      await waitFor(() => expect(canvas.getByRole('radio', { name })).toHaveFocus());
      await userEvent.keyboard(`{/${key}}`);
      await expect(canvas.getByRole('radio', { name })).toBeChecked();
    };
    await press('ArrowDown', 'Für meine Organisation');
    await press('ArrowDown', 'Für alle Organisationen');
    await press('ArrowUp', 'Für meine Organisation');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('organization');
  },
};

export const WithError: Story = {
  args: { error: 'Bitte wählen Sie, wer den Inhalt sehen darf.', hint: 'Lässt sich später ändern.' },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('radiogroup', { name: 'Sichtbarkeit' });
    await expect(group).toHaveAttribute('aria-invalid', 'true');
    await expect(group).toHaveAccessibleDescription(
      'Lässt sich später ändern. Bitte wählen Sie, wer den Inhalt sehen darf.',
    );
  },
};

export const Horizontal: Story = { args: { orientation: 'horizontal', defaultValue: 'public' } };

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'private' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Für alle Organisationen' }));
    await expect(canvas.getByRole('radio', { name: 'Nur für mich' })).toBeChecked();
  },
};

export const LongGermanText: Story = {
  args: {
    label: 'Wer darf diesen Inhalt in seinen Wiedergabelisten verwenden?',
    options: [
      {
        value: 'organization',
        label: 'Alle Lehrkräfte der eigenen Schule und des zuständigen Kreismedienzentrums',
        hint: 'Der Inhalt erscheint in der Bibliothek aller Mitglieder Ihrer Organisation.',
      },
      { value: 'private', label: 'Ausschließlich ich selbst' },
    ],
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

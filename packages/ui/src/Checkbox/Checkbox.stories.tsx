import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox } from './Checkbox';

const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  tags: ['autodocs'],
  args: { label: 'Ich habe die Nutzungsbedingungen gelesen und akzeptiere diese.', onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const checkbox = canvas.getByRole('checkbox', {
      name: 'Ich habe die Nutzungsbedingungen gelesen und akzeptiere diese.',
    });
    await expect(checkbox).not.toBeChecked();
    await userEvent.click(checkbox);
    await expect(checkbox).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    // The label is part of the hit area.
    await userEvent.click(canvas.getByText('Ich habe die Nutzungsbedingungen gelesen und akzeptiere diese.'));
    await expect(checkbox).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false);
  },
};

export const KeyboardToggle: Story = {
  play: async ({ canvasElement }) => {
    const checkbox = within(canvasElement).getByRole('checkbox');
    await userEvent.tab();
    await expect(checkbox).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(checkbox).toBeChecked();
  },
};

export const Checked: Story = { args: { defaultChecked: true } };

export const WithError: Story = {
  args: {
    hint: 'Die Dokumente öffnen sich in einem neuen Tab.',
    error: 'Bitte akzeptieren Sie die Nutzungsbedingungen.',
  },
  play: async ({ canvasElement }) => {
    const checkbox = within(canvasElement).getByRole('checkbox');
    await expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    await expect(checkbox).toHaveAccessibleDescription(
      'Die Dokumente öffnen sich in einem neuen Tab. Bitte akzeptieren Sie die Nutzungsbedingungen.',
    );
  },
};

export const WithErrorLightTheme: Story = { ...WithError, globals: { theme: 'light' } };

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const checkbox = within(canvasElement).getByRole('checkbox');
    await expect(checkbox).toBeDisabled();
    await userEvent.click(checkbox);
    await expect(checkbox).not.toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const LongGermanText: Story = {
  args: {
    label:
      'Ich bestätige, dass alle Schülerinnen und Schüler der Jahrgangsstufe über die Nutzung der VR-Brillen informiert wurden und die Einverständniserklärungen der Erziehungsberechtigten vorliegen.',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '360px' }}>
        <Story />
      </div>
    ),
  ],
};

export const CheckedLightTheme: Story = { args: { defaultChecked: true }, globals: { theme: 'light' } };

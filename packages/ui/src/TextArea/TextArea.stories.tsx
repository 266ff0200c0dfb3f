import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Stack } from '../Stack/Stack';
import { TextArea } from './TextArea';

const meta = {
  title: 'Forms/TextArea',
  component: TextArea,
  tags: ['autodocs'],
  args: { label: 'Beschreibung', name: 'description', onChange: fn() },
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty; typing fills it, Enter starts a new line instead of submitting a form. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const textArea = within(canvasElement).getByRole('textbox', { name: 'Beschreibung' });
    await expect(textArea).toHaveValue('');
    await expect(textArea).toHaveAttribute('rows', '4');
    await expect(textArea).not.toHaveAttribute('aria-invalid');
    await userEvent.type(textArea, 'Ein Rundgang durch den Kölner Dom.{Enter}Für die Klassen 5 bis 7.');
    await expect(textArea).toHaveValue('Ein Rundgang durch den Kölner Dom.\nFür die Klassen 5 bis 7.');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

/** Reached with Tab like any field; Shift+Tab leaves it again (Tab does not insert a tab character). */
export const KeyboardOperation: Story = {
  render: (args) => (
    <Stack gap="medium" align="start">
      <Button variant="secondary">Davor</Button>
      <TextArea {...args} />
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const textArea = canvas.getByRole('textbox', { name: 'Beschreibung' });
    canvas.getByRole('button', { name: 'Davor' }).focus();
    await userEvent.tab();
    await expect(textArea).toHaveFocus();
    await userEvent.keyboard('Zeile 1{Enter}Zeile 2');
    await expect(textArea).toHaveValue('Zeile 1\nZeile 2');
    await userEvent.tab({ shift: true });
    await expect(canvas.getByRole('button', { name: 'Davor' })).toHaveFocus();
  },
};

export const WithHint: Story = {
  args: { hint: 'Lehrkräfte sehen die Beschreibung in der Mediathek.' },
  play: async ({ canvasElement }) => {
    const textArea = within(canvasElement).getByRole('textbox', { name: 'Beschreibung' });
    await expect(textArea).toHaveAccessibleDescription('Lehrkräfte sehen die Beschreibung in der Mediathek.');
  },
};

export const WithError: Story = {
  args: {
    defaultValue: 'Vulkane',
    hint: 'Lehrkräfte sehen die Beschreibung in der Mediathek.',
    error: 'Die Beschreibung muss mindestens 20 Zeichen lang sein.',
  },
  play: async ({ canvasElement }) => {
    const textArea = within(canvasElement).getByRole('textbox', { name: 'Beschreibung' });
    await expect(textArea).toHaveAttribute('aria-invalid', 'true');
    await expect(textArea).toHaveAccessibleDescription(
      'Lehrkräfte sehen die Beschreibung in der Mediathek. Die Beschreibung muss mindestens 20 Zeichen lang sein.',
    );
    const errorId = textArea.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '';
    await expect(canvasElement.ownerDocument.getElementById(errorId)).toHaveTextContent(
      'Die Beschreibung muss mindestens 20 Zeichen lang sein.',
    );
  },
};

/** `rows` sets the visible height: eight lines are taller than two. */
export const Rows: Story = {
  render: (args) => (
    <Stack gap="large">
      <TextArea {...args} label="Kurz" rows={2} />
      <TextArea {...args} label="Lang" rows={8} />
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const short = canvas.getByRole('textbox', { name: 'Kurz' });
    const long = canvas.getByRole('textbox', { name: 'Lang' });
    await expect(short).toHaveAttribute('rows', '2');
    await expect(long).toHaveAttribute('rows', '8');
    await expect(long.getBoundingClientRect().height).toBeGreaterThan(
      short.getBoundingClientRect().height * 2,
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Panoramavideo aus dem Ruhrgebiet.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Beschreibung' })).toBeDisabled();
  },
};

export const LongGermanText: Story = {
  args: {
    label: 'Ausführliche Beschreibung des Unterrichtsmaterials für die Jahrgangsstufe',
    hint: 'Die Beschreibung erscheint auf allen VR-Brillen, die mit dieser Wiedergabeliste synchronisiert werden.',
    error:
      'Die Beschreibung enthält unzulässige Zeichen. Bitte verwenden Sie nur Buchstaben, Ziffern und Satzzeichen.',
    defaultValue:
      'Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung: Ein 360-Grad-Rundgang durch das Landesarchiv Nordrhein-Westfalen mit Erläuterungen zu historischen Urkunden.',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '320px' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const textArea = within(canvasElement).getByRole('textbox', {
      name: 'Ausführliche Beschreibung des Unterrichtsmaterials für die Jahrgangsstufe',
    });
    // The long word wraps inside the 320 px column instead of widening the field.
    await expect(textArea.getBoundingClientRect().width).toBeLessThanOrEqual(320);
  },
};

export const WithErrorLightTheme: Story = { ...WithError, globals: { theme: 'light' } };

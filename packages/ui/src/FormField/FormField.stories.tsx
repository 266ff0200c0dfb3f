import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FormField } from './FormField';
import * as styles from './FormField.css';

const meta = {
  title: 'Forms/FormField',
  component: FormField,
  tags: ['autodocs'],
  args: {
    label: 'Beschreibung',
    children: (control) => <textarea className={styles.input} rows={3} {...control} />,
  },
} satisfies Meta<typeof FormField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const textarea = within(canvasElement).getByRole('textbox', { name: 'Beschreibung' });
    await userEvent.type(textarea, 'Ein Rundgang durch das antike Rom.');
    await expect(textarea).toHaveValue('Ein Rundgang durch das antike Rom.');
    await expect(textarea).not.toHaveAttribute('aria-invalid');
    await expect(textarea).not.toHaveAttribute('aria-describedby');
  },
};

export const HintAndError: Story = {
  args: {
    hint: 'Erscheint in der Bibliothek unter dem Titel.',
    error: 'Die Beschreibung darf höchstens 500 Zeichen lang sein.',
  },
  play: async ({ canvasElement }) => {
    const textarea = within(canvasElement).getByRole('textbox', { name: 'Beschreibung' });
    await expect(textarea).toHaveAttribute('aria-invalid', 'true');
    await expect(textarea).toHaveAccessibleDescription(
      'Erscheint in der Bibliothek unter dem Titel. Die Beschreibung darf höchstens 500 Zeichen lang sein.',
    );
  },
};

export const HiddenLabel: Story = {
  args: { hideLabel: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Beschreibung' })).toBeVisible();
  },
};

export const LongGermanText: Story = {
  args: {
    label: 'Ausführliche Beschreibung des Inhalts für Lehrkräfte anderer Schulen im Landkreis',
    hint: 'Beschreiben Sie, für welche Jahrgangsstufen und Unterrichtsfächer sich der Inhalt eignet.',
    error: 'Die Beschreibung enthält Zeichen, die auf den VR-Brillen nicht dargestellt werden können.',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '320px' }}>
        <Story />
      </div>
    ),
  ],
};

export const HintAndErrorLightTheme: Story = { ...HintAndError, globals: { theme: 'light' } };

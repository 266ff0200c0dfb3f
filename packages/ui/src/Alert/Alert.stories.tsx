import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from '../Stack/Stack';
import { Alert } from './Alert';

const meta = {
  title: 'Feedback/Alert',
  component: Alert,
  tags: ['autodocs'],
  args: { children: 'Die Synchronisierung startet, sobald die VR-Brillen online sind.' },
  argTypes: { tone: { control: 'inline-radio', options: ['info', 'success', 'warning', 'critical'] } },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('Die Synchronisierung startet, sobald die VR-Brillen online sind.'),
    ).toBeVisible();
    // Part of the page: no live region unless asked for.
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
  },
};

export const CriticalAnnounced: Story = {
  args: {
    tone: 'critical',
    announce: 'assertive',
    title: 'Speichern fehlgeschlagen',
    children: 'Bitte probieren Sie es später erneut.',
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('Speichern fehlgeschlagen');
    await expect(alert).toHaveTextContent('Bitte probieren Sie es später erneut.');
  },
};

export const SuccessPolite: Story = {
  args: { tone: 'success', announce: 'polite', children: 'Alle Änderungen wurden gespeichert.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'Alle Änderungen wurden gespeichert.',
    );
  },
};

export const AllTones: Story = {
  render: (args) => (
    <Stack gap="small">
      <Alert {...args} tone="info" title="Hinweis" />
      <Alert {...args} tone="success" title="Erledigt" />
      <Alert {...args} tone="warning" title="Achtung" />
      <Alert {...args} tone="critical" title="Fehler" />
    </Stack>
  ),
};

export const LongGermanText: Story = {
  args: {
    tone: 'warning',
    title: 'Speicherplatz auf mehreren VR-Brillen fast aufgebraucht',
    children:
      'Auf drei VR-Brillen sind weniger als zwei Gigabyte frei. Entfernen Sie nicht mehr benötigte Inhalte aus den Wiedergabelisten, bevor Sie weitere Panoramavideos übertragen.',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '360px' }}>
        <Story />
      </div>
    ),
  ],
};

export const AllTonesLightTheme: Story = { ...AllTones, globals: { theme: 'light' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stack } from '../Stack/Stack';
import { Text } from './Text';

const meta = {
  title: 'Typography/Text',
  component: Text,
  tags: ['autodocs'],
  args: { children: 'Alle Inhalte Ihrer Organisation.' },
  argTypes: {
    tone: { control: 'inline-radio', options: ['neutral', 'muted', 'critical', 'positive'] },
    size: { control: 'inline-radio', options: ['small', 'standard', 'large'] },
  },
} satisfies Meta<typeof Text>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Tones: Story = {
  render: () => (
    <Stack gap="small">
      <Text tone="neutral">Neutral: 24 VR-Brillen online</Text>
      <Text tone="muted">Gedämpft: zuletzt synchronisiert am 22.11.2026, 14:05</Text>
      <Text tone="critical">Kritisch: Die Datei ist zu groß (max. 20 GB).</Text>
      <Text tone="positive">Positiv: Nutzungsbedingungen akzeptiert</Text>
    </Stack>
  ),
};

export const Sizes: Story = {
  render: () => (
    <Stack gap="small">
      <Text size="small">Klein</Text>
      <Text size="standard">Standard</Text>
      <Text size="large">Groß</Text>
    </Stack>
  ),
};

export const LongGermanText: Story = {
  args: {
    children:
      'Bitte prüfen Sie, ob alle VR-Brillen mit dem WLAN der Schule verbunden sind, bevor Sie die Wiedergabeliste synchronisieren. Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung.',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '320px' }}>
        <Story />
      </div>
    ),
  ],
};

export const TonesLightTheme: Story = { ...Tones, globals: { theme: 'light' } };

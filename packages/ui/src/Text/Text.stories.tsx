import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from '../Stack/Stack';
import { expectToken } from '../testing/tokens';
import { vars } from '../theme/theme.css';
import { Text } from './Text';

const meta = {
  title: 'Typography/Text',
  component: Text,
  tags: ['autodocs'],
  args: { children: 'Alle Inhalte Ihrer Organisation.' },
  argTypes: {
    tone: { control: 'inline-radio', options: ['neutral', 'muted', 'critical', 'positive', 'warning'] },
    size: { control: 'inline-radio', options: ['small', 'standard', 'large'] },
  },
} satisfies Meta<typeof Text>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A paragraph in the text colour at the standard size. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const text = within(canvasElement).getByText('Alle Inhalte Ihrer Organisation.');
    await expect(text.tagName).toBe('P');
    await expectToken(text, 'color', vars.color.text);
    await expect(text).toHaveStyle({ fontSize: '16px', marginTop: '0px', marginBottom: '0px' });
  },
};

export const Tones: Story = {
  render: () => (
    <Stack gap="small">
      <Text tone="neutral">Neutral: 24 VR-Brillen online</Text>
      <Text tone="muted">Gedämpft: zuletzt synchronisiert am 22.11.2026, 14:05</Text>
      <Text tone="critical">Kritisch: Die Datei ist zu groß (max. 20 GB).</Text>
      <Text tone="positive">Positiv: Nutzungsbedingungen akzeptiert</Text>
      <Text tone="warning">Warnung: 4 VR-Brillen können nicht pausieren</Text>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tones = [
      ['Neutral', vars.color.text],
      ['Gedämpft', vars.color.textMuted],
      ['Kritisch', vars.color.critical],
      ['Positiv', vars.color.positive],
      ['Warnung', vars.color.warning],
    ] as const;
    for (const [start, token] of tones) {
      await expectToken(canvas.getByText(new RegExp(`^${start}:`)), 'color', token);
    }
  },
};

export const Sizes: Story = {
  render: () => (
    <Stack gap="small">
      <Text size="small">Klein</Text>
      <Text size="standard">Standard</Text>
      <Text size="large">Groß</Text>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const size = (text: string) => getComputedStyle(canvas.getByText(text)).fontSize;
    await expect([size('Klein'), size('Standard'), size('Groß')]).toEqual(['14px', '16px', '18px']);
  },
};

/** `as` picks the element: a span inside a line, strong for emphasis. */
export const Elements: Story = {
  render: () => (
    <Text>
      Zuletzt synchronisiert:{' '}
      <Text as="strong" weight="semibold">
        22.11.2026
      </Text>
    </Text>
  ),
  play: async ({ canvasElement }) => {
    const strong = within(canvasElement).getByText('22.11.2026');
    await expect(strong.tagName).toBe('STRONG');
    await expect(strong.parentElement?.tagName).toBe('P');
    await expect(strong).toHaveStyle({ fontWeight: '600' });
  },
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
  play: async ({ canvasElement }) => {
    const text = within(canvasElement).getByText(/Grundstücksverkehrs/);
    // Even the 67-letter word breaks: nothing sticks out of the 320 px column.
    await expect(text.scrollWidth).toBeLessThanOrEqual(text.clientWidth);
    await expect(text.getBoundingClientRect().width).toBeLessThanOrEqual(320);
  },
};

export const TonesLightTheme: Story = { ...Tones, globals: { theme: 'light' } };

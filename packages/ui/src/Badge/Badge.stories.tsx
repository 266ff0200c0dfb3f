import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Inline } from '../Inline/Inline';
import { Badge, badgeTones } from './Badge';

const meta = {
  title: 'Data/Badge',
  component: Badge,
  tags: ['autodocs'],
  args: { children: 'Neu' },
  argTypes: { tone: { control: 'inline-radio', options: badgeTones } },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Neu')).toBeVisible();
  },
};

const toneTexts = {
  neutral: 'Entwurf',
  info: 'Öffentlich',
  positive: 'Veröffentlicht',
  warning: 'Läuft ab',
  critical: 'Fehlerhaft',
  strong: '12',
} as const;

export const AllTones: Story = {
  render: () => (
    <Inline gap="small">
      {badgeTones.map((tone) => (
        <Badge key={tone} tone={tone}>
          {toneTexts[tone]}
        </Badge>
      ))}
    </Inline>
  ),
  play: async ({ canvasElement }) => {
    for (const text of Object.values(toneTexts))
      await expect(within(canvasElement).getByText(text)).toBeVisible();
  },
};

export const AllTonesLightTheme: Story = { ...AllTones, globals: { theme: 'light' } };

export const LongGermanText: Story = {
  args: { tone: 'warning', children: 'Lizenz läuft in Kürze ab – Verlängerung erforderlich' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '200px' }}>
        <Story />
      </div>
    ),
  ],
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from '../Stack/Stack';
import { Heading } from './Heading';

const meta = {
  title: 'Typography/Heading',
  component: Heading,
  tags: ['autodocs'],
  args: { level: 1, children: 'Mediathek' },
} satisfies Meta<typeof Heading>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Level1: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Mediathek' })).toBeVisible();
  },
};

export const AllLevels: Story = {
  render: () => (
    <Stack gap="small">
      <Heading level={1}>Mediathek</Heading>
      <Heading level={2}>Wiedergabelisten</Heading>
      <Heading level={3}>VR-Brillen</Heading>
      <Heading level={4}>Betriebssysteme</Heading>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const level of [1, 2, 3, 4]) await expect(canvas.getByRole('heading', { level })).toBeVisible();
  },
};

export const LongGermanText: Story = {
  args: { children: 'Datenschutzerklärung & Nutzungsbedingungen der Schulträgerorganisationen' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '320px' }}>
        <Story />
      </div>
    ),
  ],
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Heading } from '../Heading/Heading';
import { Stack } from '../Stack/Stack';
import { Text } from '../Text/Text';
import { Card } from './Card';

const meta = {
  title: 'Layout/Card',
  component: Card,
  tags: ['autodocs'],
  args: {
    children: (
      <Stack gap="small">
        <Heading level={3}>Vulkane der Erde</Heading>
        <Text tone="muted">Video · 360° · 12 bis 16 Jahre</Text>
      </Stack>
    ),
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AsListItems: Story = {
  render: () => (
    <Stack as="ul" gap="small">
      {['Vulkane der Erde', 'Anne Frank Haus', 'Die Zelle in 3D'].map((title) => (
        <Card key={title} as="li">
          <Text weight="semibold">{title}</Text>
        </Card>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  },
};

export const LongGermanText: Story = {
  args: {
    as: 'article',
    children: (
      <Stack gap="small">
        <Heading level={3}>Donaudampfschifffahrtsgesellschaftskapitänsausbildungssimulation</Heading>
        <Text tone="muted">
          Eine interaktive Anwendung, in der Schülerinnen und Schüler die Navigation eines Raddampfers auf der
          Donau erleben.
        </Text>
      </Stack>
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '280px' }}>
        <Story />
      </div>
    ),
  ],
};

export const LightTheme: Story = { globals: { theme: 'light' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Inline } from '../Inline/Inline';
import { Tag } from './Tag';

const meta = {
  title: 'Data/Tag',
  component: Tag,
  tags: ['autodocs'],
  args: { children: 'Video' },
  argTypes: { size: { control: 'inline-radio', options: ['small', 'medium'] } },
} satisfies Meta<typeof Tag>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const tag = within(canvasElement).getByText('Video');
    await expect(tag).toBeVisible();
    // Rounded: the large radius of the token contract.
    await expect(Number.parseFloat(getComputedStyle(tag).borderTopLeftRadius)).toBeGreaterThanOrEqual(12);
  },
};

export const Small: Story = { args: { size: 'small', children: '360°' } };

export const Group: Story = {
  render: () => (
    <Inline gap="xsmall">
      <Tag>Video</Tag>
      <Tag>360°</Tag>
      <Tag>Geschichte</Tag>
      <Tag size="small">180°</Tag>
    </Inline>
  ),
};

export const LongGermanText: Story = {
  args: {
    children: 'Naturwissenschaftlicher Unterricht in der Sekundarstufe',
    title: 'Naturwissenschaftlicher Unterricht in der Sekundarstufe',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '200px' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const tag = within(canvasElement).getByText(/Naturwissenschaftlicher/);
    await expect(tag.getBoundingClientRect().width).toBeLessThanOrEqual(200);
  },
};

export const LightTheme: Story = { ...Group, globals: { theme: 'light' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Box } from './Box';

const meta = {
  title: 'Layout/Box',
  component: Box,
  tags: ['autodocs'],
  args: { padding: 'large', background: 'surface', borderRadius: 'medium', children: 'Box mit Innenabstand' },
} satisfies Meta<typeof Box>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByText('Box mit Innenabstand');
    await expect(getComputedStyle(box).paddingTop).toBe('24px');
  },
};

export const Responsive: Story = {
  args: {
    display: 'flex',
    flexDirection: { mobile: 'column', tablet: 'row' },
    gap: 'medium',
    children: (
      <>
        <Box padding="medium" background="surfaceRaised">
          Erste Spalte
        </Box>
        <Box padding="medium" background="surfaceRaised">
          Zweite Spalte
        </Box>
      </>
    ),
  },
};

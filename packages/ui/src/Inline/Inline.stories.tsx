import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Inline } from './Inline';

const meta = {
  title: 'Layout/Inline',
  component: Inline,
  tags: ['autodocs'],
  args: {
    gap: 'small',
    children: [
      <Button key="start">Starten</Button>,
      <Button key="pause" variant="secondary">
        Pausieren
      </Button>,
      <Button key="stop" variant="danger">
        Stoppen
      </Button>,
    ],
  },
  argTypes: {
    align: { control: 'inline-radio', options: ['start', 'center', 'end', 'spaceBetween'] },
  },
} satisfies Meta<typeof Inline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const [first, second] = within(canvasElement).getAllByRole('button');
    // Side by side: same row, the second to the right of the first.
    await expect(first?.getBoundingClientRect().top).toBe(second?.getBoundingClientRect().top);
    await expect(second?.getBoundingClientRect().left).toBeGreaterThan(
      first?.getBoundingClientRect().right ?? 0,
    );
  },
};

export const AlignEnd: Story = { args: { align: 'end' } };

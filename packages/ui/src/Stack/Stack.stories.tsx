import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Card } from '../Card/Card';
import { Stack } from './Stack';

const meta = {
  title: 'Layout/Stack',
  component: Stack,
  tags: ['autodocs'],
  args: {
    gap: 'medium',
    children: ['Mediathek', 'Wiedergabelisten', 'VR-Brillen'].map((label) => (
      <Card key={label}>{label}</Card>
    )),
  },
  argTypes: {
    gap: { control: 'inline-radio', options: ['none', 'xsmall', 'small', 'medium', 'large', 'xlarge'] },
    align: { control: 'inline-radio', options: ['start', 'center', 'end', 'stretch'] },
  },
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

const boxes = (canvasElement: HTMLElement) =>
  ['Mediathek', 'Wiedergabelisten', 'VR-Brillen'].map((text) =>
    within(canvasElement).getByText(text).getBoundingClientRect(),
  );

/** One below the other, full width, 16 px ('medium') apart. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const [first, second, third] = boxes(canvasElement);
    if (!first || !second || !third) throw new Error('three cards expected');
    await expect(second.top - first.bottom).toBeCloseTo(16, 0);
    await expect(third.top - second.bottom).toBeCloseTo(16, 0);
    await expect(second.left).toBeCloseTo(first.left, 0);
    await expect(second.width).toBeCloseTo(first.width, 0);
  },
};

/** Centred children keep their own width; 8 px ('small') apart. */
export const Centered: Story = {
  args: { align: 'center', gap: 'small' },
  play: async ({ canvasElement }) => {
    const [first, second] = boxes(canvasElement);
    if (!first || !second) throw new Error('cards expected');
    await expect(second.top - first.bottom).toBeCloseTo(8, 0);
    // Narrower than the row and centred on the same axis.
    const stack = within(canvasElement).getByText('Mediathek').parentElement?.getBoundingClientRect();
    if (!stack) throw new Error('no stack');
    await expect(first.width).toBeLessThan(stack.width);
    await expect(first.left + first.width / 2).toBeCloseTo(second.left + second.width / 2, 0);
  },
};

/** As a list: 'ul' without bullets or indentation, each card a list item. */
export const AsList: Story = {
  args: {
    as: 'ul',
    children: ['Mediathek', 'Wiedergabelisten', 'VR-Brillen'].map((label) => (
      <Card key={label} as="li">
        {label}
      </Card>
    )),
  },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(list).toHaveStyle({ listStyleType: 'none', paddingLeft: '0px' });
  },
};

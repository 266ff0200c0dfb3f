import type { Meta, StoryObj } from '@storybook/react-vite';
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

export const Default: Story = {};
export const Centered: Story = { args: { align: 'center', gap: 'small' } };

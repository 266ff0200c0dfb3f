import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProgressBar } from './ProgressBar';

const meta = {
  title: 'Feedback/ProgressBar',
  component: ProgressBar,
  tags: ['autodocs'],
  args: { label: 'vulkane_360.mp4 wird hochgeladen', value: 45, valueText: '45 %' },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Determinate: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'vulkane_360.mp4 wird hochgeladen' });
    await expect(bar).toHaveAttribute('aria-valuenow', '45');
    await expect(bar).toHaveAttribute('aria-valuemax', '100');
    await expect(bar).toHaveAttribute('aria-valuetext', '45 %');
    await expect(within(canvasElement).getByText('45 %')).toBeVisible();
  },
};

export const Indeterminate: Story = {
  args: { label: 'Upload wird vorbereitet', value: undefined, valueText: undefined },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Upload wird vorbereitet' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
  },
};

export const Empty: Story = {
  args: { value: 0, valueText: '0 %' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  },
};

export const Complete: Story = { args: { value: 1_000, max: 1_000, valueText: '100 %' } };

export const ClampsOutOfRange: Story = {
  args: { value: 140 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  },
};

export const LongGermanText: Story = {
  args: {
    label:
      'Unterwasserwelten_des_Grossen_Barriereriffs_in_dreihundertsechzig_Grad_Teil_2.mp4 wird hochgeladen',
    valueText: '1,2 von 3,8 GB · noch etwa 4 Minuten',
    value: 32,
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '320px' }}>
        <Story />
      </div>
    ),
  ],
};

export const DeterminateLightTheme: Story = { ...Determinate, globals: { theme: 'light' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Inline } from '../Inline/Inline';
import { Stack } from '../Stack/Stack';
import { Skeleton } from './Skeleton';

const meta = {
  title: 'Feedback/Skeleton',
  component: Skeleton,
  tags: ['autodocs'],
  argTypes: { shape: { control: 'inline-radio', options: ['text', 'rectangle', 'circle'] } },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TextLines: Story = {
  args: { lines: 3 },
  play: async ({ canvasElement }) => {
    const group = canvasElement.querySelector('[aria-hidden="true"]');
    await expect(group?.children).toHaveLength(3);
    await expect(within(canvasElement).queryByRole('img')).not.toBeInTheDocument();
  },
};

/** How a loading card reads: the region is busy and says so; the shapes are decoration. */
export const CardPlaceholder: Story = {
  render: () => (
    <section aria-busy="true" aria-label="Inhalte werden geladen" style={{ maxWidth: '280px' }}>
      <Stack gap="small">
        <Skeleton shape="rectangle" width="100%" height="140px" />
        <Skeleton width="80%" />
        <Inline gap="small">
          <Skeleton shape="circle" width="24px" />
          <Skeleton width="40%" />
        </Inline>
      </Stack>
    </section>
  ),
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('region', { name: 'Inhalte werden geladen' }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

export const Circle: Story = { args: { shape: 'circle', width: '48px' } };

export const CardPlaceholderLightTheme: Story = { ...CardPlaceholder, globals: { theme: 'light' } };

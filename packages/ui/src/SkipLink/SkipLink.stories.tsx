import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { SkipLink } from './SkipLink';

const meta = {
  title: 'Navigation/SkipLink',
  component: SkipLink,
  tags: ['autodocs'],
  args: { children: 'Zum Inhalt springen', targetId: 'content' },
  render: (args) => (
    <>
      <SkipLink {...args} />
      <Button variant="secondary">Menü</Button>
      <div id="content" tabIndex={-1}>
        Inhalt
      </div>
    </>
  ),
} satisfies Meta<typeof SkipLink>;

export default meta;
type Story = StoryObj<typeof meta>;

export const HiddenUntilFocused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole('link', { name: 'Zum Inhalt springen' });
    await expect(link.getBoundingClientRect().bottom).toBeLessThanOrEqual(0);
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await expect(link.getBoundingClientRect().top).toBeGreaterThanOrEqual(0);
    await userEvent.click(link);
    await expect(canvas.getByText('Inhalt')).toHaveFocus();
  },
};

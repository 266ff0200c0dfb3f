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

/** Focused with Tab (the first stop on the page): visible in the top corner with a focus ring. */
export const Focused: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Zum Inhalt springen' });
    await userEvent.tab();
    await expect(link).toHaveFocus();
    const box = link.getBoundingClientRect();
    await expect(box.top).toBeGreaterThanOrEqual(0);
    await expect(box.left).toBeGreaterThanOrEqual(0);
    await expect(getComputedStyle(link).outlineStyle).not.toBe('none');
  },
};

/** Enter on the focused link moves focus to the target, as a click does. */
export const KeyboardActivation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Zum Inhalt springen' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText('Inhalt')).toHaveFocus();
  },
};

/** A long label wraps and stays inside a narrow viewport. */
export const LongGermanText: Story = {
  args: {
    children:
      'Direkt zum Hauptinhalt springen und die Hauptnavigation der Verwaltungsoberfläche überspringen',
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', {
      name: 'Direkt zum Hauptinhalt springen und die Hauptnavigation der Verwaltungsoberfläche überspringen',
    });
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await expect(link.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};

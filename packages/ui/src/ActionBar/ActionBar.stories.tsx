import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Stack } from '../Stack/Stack';
import { TextField } from '../TextField/TextField';
import { ActionBar } from './ActionBar';

const meta = {
  title: 'Forms/ActionBar',
  component: ActionBar,
  tags: ['autodocs'],
  parameters: { docs: { story: { inline: false, iframeHeight: 360 } } },
  args: {
    label: 'Speichern oder abbrechen',
    children: (
      <>
        <Button type="submit">Speichern</Button>
        <Button variant="ghost">Abbrechen</Button>
      </>
    ),
  },
  render: (args) => (
    <form onSubmit={(event) => event.preventDefault()}>
      <Stack gap="medium">
        {Array.from({ length: 12 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed demo fields
          <TextField key={index} label={`Feld ${index + 1}`} />
        ))}
        <ActionBar {...args} />
      </Stack>
    </form>
  ),
} satisfies Meta<typeof ActionBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A long form: the bar stays at the bottom of the window, with the save button in reach. */
export const InReachOfALongForm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = canvas.getByRole('group', { name: 'Speichern oder abbrechen' });
    await expect(getComputedStyle(bar).position).toBe('sticky');
    const save = within(bar).getByRole('button', { name: 'Speichern' });
    await expect(save.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
  },
};

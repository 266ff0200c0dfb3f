import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from '../Stack/Stack';
import { deviceStatuses, StatusDot } from './StatusDot';

const labels = {
  online: 'Online',
  offline: 'Offline',
  syncing: 'Synchronisiert',
  error: 'Fehler',
} as const;

const meta = {
  title: 'Data/StatusDot',
  component: StatusDot,
  tags: ['autodocs'],
  args: { status: 'online', label: 'Online' },
  argTypes: { status: { control: 'inline-radio', options: deviceStatuses } },
} satisfies Meta<typeof StatusDot>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Online')).toBeVisible();
  },
};

export const AllStatuses: Story = {
  render: () => (
    <Stack gap="small">
      {deviceStatuses.map((status) => (
        <StatusDot key={status} status={status} label={labels[status]} />
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Every state is named in text, and each dot has a shape of its own besides its colour.
    const shapes = new Set<string>();
    for (const status of deviceStatuses) {
      const text = canvas.getByText(labels[status]);
      await expect(text).toBeVisible();
      const dot = text.previousElementSibling as HTMLElement;
      const style = getComputedStyle(dot);
      shapes.add(
        `${style.borderRadius}|${style.borderTopStyle}|${style.borderRightColor}|${style.transform}`,
      );
    }
    await expect(shapes.size).toBe(deviceStatuses.length);
  },
};

export const AllStatusesLightTheme: Story = { ...AllStatuses, globals: { theme: 'light' } };

/** In a table whose column header says 'Status', the label can be for screen readers only. */
export const HiddenLabel: Story = {
  args: { status: 'error', label: 'Fehler', hideLabel: true },
  play: async ({ canvasElement }) => {
    const label = within(canvasElement).getByText('Fehler');
    await expect(label).toBeInTheDocument();
    await expect(label.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};

export const LongGermanText: Story = {
  args: { status: 'syncing', label: 'Inhalte werden auf die Brille übertragen (3 von 12)' },
};

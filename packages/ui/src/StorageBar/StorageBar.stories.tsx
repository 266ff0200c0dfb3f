import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StorageBar } from './StorageBar';

const meta = {
  title: 'Data/StorageBar',
  component: StorageBar,
  tags: ['autodocs'],
  args: {
    label: 'Speicher',
    used: 12.4,
    capacity: 64,
    valueText: '12,4 GB von 64 GB belegt',
    usedText: '12,4 GB belegt',
    freeText: '51,6 GB frei',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '360px' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof StorageBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const meter = canvas.getByRole('meter', { name: 'Speicher' });
    await expect(meter).toHaveAttribute('aria-valuenow', '12.4');
    await expect(meter).toHaveAttribute('aria-valuemax', '64');
    await expect(meter).toHaveAttribute('aria-valuetext', '12,4 GB von 64 GB belegt');
    await expect(canvas.getByText('51,6 GB frei')).toBeVisible();
    const fill = meter.firstElementChild as HTMLElement;
    const ratio = fill.getBoundingClientRect().width / meter.clientWidth;
    await expect(ratio).toBeCloseTo(12.4 / 64, 1);
  },
};

export const NearlyFull: Story = {
  args: {
    used: 61,
    valueText: '61 GB von 64 GB belegt',
    usedText: '61 GB belegt',
    freeText: '3 GB frei',
  },
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole('meter', { name: 'Speicher' });
    await expect(meter.closest('[data-tone]')).toHaveAttribute('data-tone', 'critical');
  },
};

export const Empty: Story = {
  args: { used: 0, valueText: '0 GB von 64 GB belegt', usedText: '0 GB belegt', freeText: '64 GB frei' },
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole('meter', { name: 'Speicher' });
    await expect((meter.firstElementChild as HTMLElement).getBoundingClientRect().width).toBe(0);
  },
};

/** The device has not reported its capacity yet. */
export const UnknownCapacity: Story = {
  args: {
    used: 0,
    capacity: 0,
    valueText: 'Speicherplatz unbekannt',
    usedText: undefined,
    freeText: undefined,
  },
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole('meter', { name: 'Speicher' });
    await expect(meter).toHaveAttribute('aria-valuetext', 'Speicherplatz unbekannt');
  },
};

export const LongGermanText: Story = {
  args: {
    label: 'Speicherplatz für heruntergeladene Inhalte',
    valueText: '12,4 Gigabyte von 64 Gigabyte belegt',
    usedText: '12,4 Gigabyte durch Inhalte belegt',
    freeText: '51,6 Gigabyte noch verfügbar',
  },
};

export const LightTheme: Story = { args: { used: 61 }, globals: { theme: 'light' } };

/** In a table column named 'Speicher': the value in place of the label, the label read by screen readers. */
export const HiddenLabel: Story = {
  args: { hideLabel: true, usedText: undefined, freeText: undefined, valueText: '12,4 GB von 64 GB belegt' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '200px' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const meter = canvas.getByRole('meter', { name: 'Speicher' });
    await expect(meter).toHaveAttribute('aria-valuetext', '12,4 GB von 64 GB belegt');
    await expect(canvas.getByText('Speicher').getBoundingClientRect().width).toBeLessThanOrEqual(1);
    await expect(canvas.getByText('12,4 GB von 64 GB belegt')).toBeVisible();
  },
};

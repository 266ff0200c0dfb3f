import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StatusDot } from '../StatusDot/StatusDot';
import { KeyValueList } from './KeyValueList';

const meta = {
  title: 'Data/KeyValueList',
  component: KeyValueList,
  tags: ['autodocs'],
  args: {
    items: [
      { term: 'Name', value: 'Brille 0042' },
      { term: 'Seriennummer', value: 'PA7L10MGH3120' },
      { term: 'Status', value: <StatusDot status="online" label="Online" /> },
      { term: 'Zuletzt gesehen', value: 'vor 2 Minuten' },
    ],
  },
  argTypes: { layout: { control: 'inline-radio', options: ['columns', 'stacked'] } },
} satisfies Meta<typeof KeyValueList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const terms = canvas.getAllByRole('term');
    const values = canvas.getAllByRole('definition');
    await expect(terms.map((t) => t.textContent)).toEqual([
      'Name',
      'Seriennummer',
      'Status',
      'Zuletzt gesehen',
    ]);
    await expect(values[1]).toHaveTextContent('PA7L10MGH3120');
    // Side by side: a value starts to the right of its term.
    await expect(values[0]?.getBoundingClientRect().left ?? 0).toBeGreaterThan(
      terms[0]?.getBoundingClientRect().right ?? 0,
    );
  },
};

export const Stacked: Story = {
  args: { layout: 'stacked' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const term = canvas.getAllByRole('term')[0];
    const value = canvas.getAllByRole('definition')[0];
    await expect(value?.getBoundingClientRect().top ?? 0).toBeGreaterThanOrEqual(
      term?.getBoundingClientRect().bottom ?? 0,
    );
  },
};

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryAllByRole('term')).toHaveLength(0);
  },
};

export const LongGermanText: Story = {
  args: {
    items: [
      { term: 'Speicherplatzbelegung durch heruntergeladene Inhalte', value: '12,4 GB von 64 GB' },
      {
        term: 'Organisation',
        value: 'Kreismedienzentrum Donaueschingen-Villingen-Schwenningen, Außenstelle Bräunlingen',
      },
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '360px' }}>
        <Story />
      </div>
    ),
  ],
};

export const LightTheme: Story = { globals: { theme: 'light' } };

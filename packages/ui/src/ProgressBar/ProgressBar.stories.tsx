import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { expectToken, resolveToken } from '../testing/tokens';
import { vars } from '../theme/theme.css';
import { ProgressBar } from './ProgressBar';

const meta = {
  title: 'Feedback/ProgressBar',
  component: ProgressBar,
  tags: ['autodocs'],
  args: { label: 'vulkane_360.mp4 wird hochgeladen', value: 45, valueText: '45 %' },
  argTypes: { tone: { control: 'inline-radio', options: ['neutral', 'critical', 'positive'] } },
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
    await expect(bar.closest('[data-tone]')).toHaveAttribute('data-tone', 'neutral');
    const fill = bar.firstElementChild;
    if (!fill) throw new Error('no fill');
    await expectToken(fill, 'backgroundColor', vars.color.controlChecked);
  },
};

export const Indeterminate: Story = {
  args: { label: 'Upload wird vorbereitet', value: undefined, valueText: undefined },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Upload wird vorbereitet' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
  },
};

/** A failed upload: the bar stops where it broke off and turns critical; the text says what happened. */
export const Failed: Story = {
  args: {
    label: 'vulkane_360.mp4 konnte nicht hochgeladen werden',
    value: 62,
    valueText: 'Fehlgeschlagen bei 62 %',
    tone: 'critical',
  },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', {
      name: 'vulkane_360.mp4 konnte nicht hochgeladen werden',
    });
    await expect(bar).toHaveAttribute('aria-valuetext', 'Fehlgeschlagen bei 62 %');
    await expect(bar.closest('[data-tone]')).toHaveAttribute('data-tone', 'critical');
    const fill = bar.firstElementChild;
    if (!fill) throw new Error('no fill');
    await expectToken(fill, 'backgroundColor', vars.color.critical);
    // Not the running colour: the failure shows.
    await expect(getComputedStyle(fill).backgroundColor).not.toBe(
      resolveToken(bar, 'backgroundColor', vars.color.controlChecked),
    );
  },
};

/** A finished upload may turn positive. */
export const Succeeded: Story = {
  args: { value: 100, valueText: 'Hochgeladen', tone: 'positive' },
  play: async ({ canvasElement }) => {
    const fill = within(canvasElement).getByRole('progressbar').firstElementChild;
    if (!fill) throw new Error('no fill');
    await expectToken(fill, 'backgroundColor', vars.color.positive);
  },
};

export const FailedLightTheme: Story = { ...Failed, globals: { theme: 'light' } };

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

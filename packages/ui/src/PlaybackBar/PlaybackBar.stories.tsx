import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PlaybackBar, type PlaybackState } from './PlaybackBar';

/** The time as screen readers get it: the text of the element without its aria-hidden parts. */
const spokenText = (element: Element) => {
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent?.replace(/\s+/g, ' ').trim();
};

/** The app's formatter, as `formatDuration` from @portal/domain (the package must not import it). */
const formatDuration = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
};

const labels = { start: 'Starten', pause: 'Pausieren', resume: 'Fortsetzen', stop: 'Beenden' };

const meta = {
  title: 'Playback/PlaybackBar',
  component: PlaybackBar,
  tags: ['autodocs'],
  args: {
    title: 'Vulkane der Erde',
    state: 'stopped',
    elapsed: '0:00:00',
    duration: '0:45:00',
    timeSeparator: '/',
    timeSeparatorLabel: 'von',
    deviceCountText: '24 Geräte',
    labels,
    onStart: fn(),
    onPause: fn(),
    onResume: fn(),
    onStop: fn(),
  },
} satisfies Meta<typeof PlaybackBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Stopped: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Vulkane der Erde' })).toBeInTheDocument();
    // Seen as '0:00:00 / 0:45:00', heard as '0:00:00 von 0:45:00'.
    const time = canvas.getByText('0:00:00 / 0:45:00');
    await expect(time).toBeVisible();
    await expect(time).toHaveAttribute('aria-hidden', 'true');
    await expect(spokenText(canvas.getByRole('region', { name: 'Vulkane der Erde' }))).toContain(
      '0:00:00 von 0:45:00',
    );
    await expect(canvas.getByText('24 Geräte')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Beenden' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Starten' }));
    await expect(args.onStart).toHaveBeenCalledTimes(1);
  },
};

export const Playing: Story = {
  args: { state: 'playing', elapsed: '0:12:03' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Pausieren' }));
    await expect(args.onPause).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Beenden' }));
    await expect(args.onStop).toHaveBeenCalledTimes(1);
  },
};

export const Paused: Story = {
  args: { state: 'paused', elapsed: '0:12:03' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Fortsetzen' }));
    await expect(args.onResume).toHaveBeenCalledTimes(1);
    await expect(args.onPause).not.toHaveBeenCalled();
  },
};

/** Driven by state as in the app: start, pause, resume and stop switch the buttons, by keyboard. */
export const FullCycle: Story = {
  render: function Render(args) {
    const [state, setState] = useState<PlaybackState>('stopped');
    return (
      <PlaybackBar
        {...args}
        state={state}
        onStart={() => {
          args.onStart();
          setState('playing');
        }}
        onPause={() => {
          args.onPause();
          setState('paused');
        }}
        onResume={() => {
          args.onResume();
          setState('playing');
        }}
        onStop={() => {
          args.onStop();
          setState('stopped');
        }}
      />
    );
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Starten' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onStart).toHaveBeenCalledTimes(1);
    // The same button now pauses; focus stays on it.
    await expect(canvas.getByRole('button', { name: 'Pausieren' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onPause).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('button', { name: 'Fortsetzen' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onResume).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('button', { name: 'Pausieren' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Beenden' }));
    await expect(args.onStop).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('button', { name: 'Starten' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Beenden' })).toBeDisabled();
  },
};

/**
 * The app formats the times (in the portal with `formatDuration` from @portal/domain) and passes
 * strings; a word as separator is shown and read as it is.
 */
export const FormattedByTheApp: Story = {
  args: {
    state: 'playing',
    elapsed: formatDuration(3723),
    duration: formatDuration(5400),
    timeSeparator: 'von',
    timeSeparatorLabel: undefined,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const time = canvas.getByText('1:02:03 von 1:30:00');
    await expect(time).toBeVisible();
    await expect(time).not.toHaveAttribute('aria-hidden');
    await expect(spokenText(canvas.getByRole('region', { name: 'Vulkane der Erde' }))).toContain(
      '1:02:03 von 1:30:00',
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, deviceCountText: 'Keine Geräte verbunden' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Starten' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Starten' }));
    await expect(args.onStart).not.toHaveBeenCalled();
  },
};

export const DisabledWithHint: Story = {
  args: {
    disabled: true,
    deviceCountText: '30 Geräte ausgewählt',
    hint: 'Keines der 30 Geräte ist startklar. Beheben Sie zuerst die Probleme unten.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const start = canvas.getByRole('button', { name: 'Starten' });
    await expect(start).toBeDisabled();
    await expect(start).toHaveAccessibleDescription(
      'Keines der 30 Geräte ist startklar. Beheben Sie zuerst die Probleme unten.',
    );
  },
};

export const Busy: Story = {
  args: { state: 'playing', elapsed: '0:12:03', busy: true, busyLabel: 'Befehl wird gesendet' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: /Pausieren/ })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Beenden' })).toBeDisabled();
  },
};

export const LongGermanText: Story = {
  args: {
    state: 'playing',
    title: 'Eine Reise durch den menschlichen Körper: Herz, Lunge und Blutkreislauf',
    elapsed: '1:02:03',
    duration: '1:30:00',
    deviceCountText: '24 von 30 Geräten spielen mit',
    labels: {
      start: 'Wiedergabe starten',
      pause: 'Wiedergabe pausieren',
      resume: 'Fortsetzen',
      stop: 'Wiedergabe beenden',
    },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '420px' }}>
        <Story />
      </div>
    ),
  ],
};

export const LightTheme: Story = {
  args: { state: 'playing', elapsed: '0:12:03' },
  globals: { theme: 'light' },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NARROW_SCREEN, narrowScreen } from '../testing/viewport';
import { HeadsetTile, HeadsetTileList, type HeadsetTileProps } from './HeadsetTile';

const meta = {
  title: 'Data/HeadsetTile',
  component: HeadsetTile,
  tags: ['autodocs'],
  args: {
    name: 'Sirius',
    status: 'online',
    statusLabel: 'Online',
    batteryLevel: 82,
    batteryLabel: '82 %',
    accessibleName: 'Sirius: online, Akku 82 %',
    selected: false,
    selectLabel: 'Sirius auswählen',
    onSelectedChange: fn(),
  },
  decorators: [
    // A tile is a list item: alone, it gets a list of its own; the class set's stories bring their list.
    (Story, context) =>
      context.parameters.ownList ? (
        <Story />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, width: '11rem' }}>
          <Story />
        </ul>
      ),
  ],
} satisfies Meta<typeof HeadsetTile>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Online: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // A list item named by name and state; its checkbox selects it.
    await expect(canvas.getByRole('listitem', { name: 'Sirius: online, Akku 82 %' })).toBeVisible();
    await userEvent.click(canvas.getByText('Online'));
    await expect(args.onSelectedChange).toHaveBeenCalledWith(true, { range: false });
  },
};

export const Playing: Story = {
  args: {
    playback: { title: 'Unterwegs im Sonnensystem', progress: 40, paused: false, stateLabel: 'läuft, 40 %' },
    accessibleName: 'Sirius: online, Akku 82 %, spielt „Unterwegs im Sonnensystem“, 40 %',
  },
  play: async ({ canvasElement }) => {
    // What plays after the playing symbol; title and state in words are its tooltip.
    const playing = within(canvasElement).getByTitle('Unterwegs im Sonnensystem – läuft, 40 %');
    await expect(playing).toHaveTextContent('Unterwegs im Sonnensystem');
    await expect(playing).toBeVisible();
  },
};

export const Paused: Story = {
  args: {
    playback: {
      title: 'Unterwegs im Sonnensystem',
      progress: 65,
      paused: true,
      stateLabel: 'pausiert, 65 %',
    },
    accessibleName: 'Sirius: online, pausiert',
  },
};

export const Attention: Story = {
  args: {
    playback: {
      title: 'Unterwegs im Sonnensystem',
      progress: 65,
      paused: true,
      stateLabel: 'pausiert, 65 %',
    },
    attentionLabel: 'Blick nach vorn',
    accessibleName: 'Sirius: Blick nach vorn',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Blick nach vorn')).toBeVisible();
  },
};

export const Offline: Story = {
  args: {
    status: 'offline',
    statusLabel: 'Offline',
    batteryLevel: 35,
    batteryLabel: '35 %',
    accessibleName: 'Sirius: offline',
  },
};

export const NoAnswer: Story = {
  args: { status: 'noAnswer', statusLabel: 'Keine Antwort', accessibleName: 'Sirius: keine Antwort' },
};

export const LowBatteryAndProblems: Story = {
  args: {
    batteryLevel: 12,
    batteryLabel: '12 %',
    batteryLow: true,
    problems: [
      { key: 'outdated', label: 'Software veraltet' },
      { key: 'contentMissing', label: 'Inhalt fehlt' },
      { key: 'storage', label: 'Speicher voll' },
    ],
    accessibleName: 'Sirius: online, Akku 12 %, Software veraltet, Inhalt fehlt, Speicher voll',
  },
};

export const BatteryUnknown: Story = {
  args: {
    batteryLevel: null,
    batteryLabel: 'Akku unbekannt',
    accessibleName: 'Sirius: online, Akku unbekannt',
  },
};

export const Selected: Story = {
  args: { selected: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox', { name: 'Sirius auswählen' })).toBeChecked();
  },
};

export const LongName: Story = {
  args: {
    name: 'Medienkoffer Nord – Brille Nummer 12',
    accessibleName: 'Medienkoffer Nord – Brille Nummer 12: online',
    playback: {
      title: 'Eine sehr lange Reise durch die Geschichte des Ruhrgebiets',
      progress: null,
      paused: false,
      stateLabel: 'läuft',
    },
  },
};

const NAMES = [
  'Sirius',
  'Canopus',
  'Capella',
  'Rigel',
  'Prokyon',
  'Arktur',
  'Wega',
  'Deneb',
  'Garux',
  'Atria',
];

function tileOf(i: number): Omit<HeadsetTileProps, 'selected' | 'onSelectedChange'> {
  const name = NAMES[i] ?? `VR-Brille ${i + 1}`;
  const status = i === 4 ? 'offline' : i === 13 ? 'noAnswer' : 'online';
  return {
    name,
    status,
    statusLabel: { online: 'Online', offline: 'Offline', noAnswer: 'Keine Antwort' }[status],
    batteryLevel: 100 - ((i * 17) % 90),
    batteryLabel: `${100 - ((i * 17) % 90)} %`,
    batteryLow: 100 - ((i * 17) % 90) < 20,
    ...(status === 'online' && {
      playback: {
        title: 'Unterwegs im Sonnensystem',
        progress: 40,
        paused: i % 7 === 3,
        stateLabel: i % 7 === 3 ? 'pausiert' : 'läuft, 40 %',
      },
    }),
    ...(i === 8 ? { problems: [{ key: 'outdated', label: 'Software veraltet' }] } : {}),
    accessibleName: `${name}: ${status}`,
    selectLabel: `${name} auswählen`,
  };
}

/** A class set of 30 with range selection as the Klassenansicht does it: Shift-click selects from the last click on. */
function ClassSet() {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  return (
    <HeadsetTileList aria-label="VR-Brillen der Klasse">
      {Array.from({ length: 30 }, (_, i) => (
        <HeadsetTile
          // biome-ignore lint/suspicious/noArrayIndexKey: the story's tiles are fixed
          key={i}
          {...tileOf(i)}
          selected={selected.has(i)}
          onSelectedChange={(on, { range }) => {
            const next = new Set(selected);
            const [from, to] = range && anchor !== null ? [Math.min(anchor, i), Math.max(anchor, i)] : [i, i];
            for (let j = from; j <= to; j += 1) on ? next.add(j) : next.delete(j);
            setSelected(next);
            setAnchor(i);
          }}
        />
      ))}
    </HeadsetTileList>
  );
}

export const ClassOfThirty: Story = {
  parameters: { ownList: true },
  render: () => <ClassSet />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'VR-Brillen der Klasse' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(30);
    // One session, so that the held Shift reaches the click.
    const user = userEvent.setup();
    await user.click(canvas.getByRole('checkbox', { name: 'Canopus auswählen' }));
    await user.keyboard('{Shift>}');
    await user.click(canvas.getByText('Rigel'));
    await user.keyboard('{/Shift}');
    const checked = canvas.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked);
    await expect(checked).toHaveLength(3);
  },
};

export const ClassOfThirtyLightTheme: Story = { ...ClassOfThirty, globals: { theme: 'light' } };

/** On a phone two columns; each tile keeps name, state and battery readable. */
export const ClassOfThirtyNarrowScreen: Story = {
  ...ClassOfThirty,
  ...narrowScreen,
  parameters: { ...narrowScreen.parameters, ownList: true },
  tags: ['viewport-narrow'],
  play: async (context) => {
    await expect(window.innerWidth).toBe(NARROW_SCREEN.width);
    const first = within(context.canvasElement).getAllByRole('listitem')[0] as HTMLElement;
    // Two columns: a tile takes about half the width.
    await expect(first.getBoundingClientRect().width).toBeLessThan(NARROW_SCREEN.width / 2);
    await ClassOfThirty.play?.(context);
  },
};

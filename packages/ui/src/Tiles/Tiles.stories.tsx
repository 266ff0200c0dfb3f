import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Card } from '../Card/Card';
import { NARROW_SCREEN, narrowScreen } from '../testing/viewport';
import { breakpoints } from '../theme/tokens';
import { Tiles } from './Tiles';

const labels = [
  'Mediathek',
  'Wiedergabelisten',
  'VR-Brillen',
  'Konfigurationen',
  'Benutzer',
  'Organisationen',
];

const meta = {
  title: 'Layout/Tiles',
  component: Tiles,
  tags: ['autodocs'],
  args: {
    columns: { mobile: 1, tablet: 2, desktop: 3 },
    gap: 'medium',
    as: 'ul',
    'aria-label': 'Bereiche',
    children: labels.map((label) => (
      <Card key={label} as="li">
        {label}
      </Card>
    )),
  },
  argTypes: {
    gap: { control: 'inline-radio', options: ['none', 'xsmall', 'small', 'medium', 'large', 'xlarge'] },
  },
} satisfies Meta<typeof Tiles>;

export default meta;
type Story = StoryObj<typeof meta>;

/** How many distinct left edges the tiles have, i.e. how many columns the grid shows. */
const columnCount = (canvasElement: HTMLElement) =>
  new Set(
    within(canvasElement)
      .getAllByRole('listitem')
      .map((item) => Math.round(item.getBoundingClientRect().left)),
  ).size;

const expectedColumns = (counts: { mobile: number; tablet: number; desktop: number }) => {
  const width = window.innerWidth;
  if (width >= breakpoints.desktop) return counts.desktop;
  if (width >= breakpoints.tablet) return counts.tablet;
  return counts.mobile;
};

/** One column on phones, two from the tablet breakpoint, three from desktop (the visual run: 1024 px). */
export const Responsive: Story = {
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Bereiche' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    await expect(columnCount(canvasElement)).toBe(expectedColumns({ mobile: 1, tablet: 2, desktop: 3 }));
    // Equal widths, 16 px ('medium') apart.
    const [first, second] = within(list)
      .getAllByRole('listitem')
      .map((item) => item.getBoundingClientRect());
    if (first && second && second.top === first.top) {
      await expect(second.width).toBeCloseTo(first.width, 0);
      await expect(second.left - first.right).toBeCloseTo(16, 0);
    }
  },
};

/** On a phone (375 px) the responsive grid collapses to its mobile count: one tile a row, full width. */
export const NarrowScreen: Story = {
  tags: ['viewport-narrow'],
  ...narrowScreen,
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(NARROW_SCREEN.width);
    const list = within(canvasElement).getByRole('list', { name: 'Bereiche' });
    const listWidth = list.getBoundingClientRect().width;
    await expect(columnCount(canvasElement)).toBe(1);
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.getBoundingClientRect());
    await expect(items).toHaveLength(6);
    for (const [index, item] of items.entries()) {
      await expect(item.width).toBeCloseTo(listWidth, 0);
      // Each tile below the one before, 16 px ('medium') apart.
      const previous = items[index - 1];
      if (previous) await expect(item.top - previous.bottom).toBeCloseTo(16, 0);
    }
  },
};

/** The same count on every screen. */
export const FixedColumns: Story = {
  args: { columns: 2, gap: 'large' },
  play: async ({ canvasElement }) => {
    await expect(columnCount(canvasElement)).toBe(2);
  },
};

/** A long tile makes its row taller; the other tiles in the row stretch with it and keep their width. */
export const LongGermanText: Story = {
  args: {
    columns: { mobile: 1, tablet: 3 },
    children: [
      <Card key="a" as="li">
        Panoramavideos und 360-Grad-Fotos für den Geschichtsunterricht der Jahrgangsstufen sieben bis neun:
        Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsverordnung
      </Card>,
      <Card key="b" as="li">
        Kreismedienzentrum
      </Card>,
      <Card key="c" as="li">
        Schule
      </Card>,
    ],
  },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement)
      .getAllByRole('listitem')
      .map((item) => item.getBoundingClientRect());
    await expect(columnCount(canvasElement)).toBe(expectedColumns({ mobile: 1, tablet: 3, desktop: 3 }));
    if (window.innerWidth >= breakpoints.tablet) {
      await expect(items[1]?.height).toBeCloseTo(items[0]?.height ?? 0, 0);
      await expect(items[1]?.width).toBeCloseTo(items[0]?.width ?? 0, 0);
    }
  },
};

/** No tiles: the grid renders nothing visible and takes no height. */
export const Empty: Story = {
  args: { children: [] },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Bereiche' });
    await expect(list.getBoundingClientRect().height).toBe(0);
  },
};

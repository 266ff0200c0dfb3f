import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Card } from '../Card/Card';
import { NARROW_SCREEN, narrowScreen } from '../testing/viewport';
import { Column, Columns } from './Columns';

const meta = {
  title: 'Layout/Columns',
  component: Columns,
  tags: ['autodocs'],
  args: {
    gap: 'medium',
    collapseBelow: 'never',
    children: [
      <Column key="main" width="2/3">
        <Card>Mediathek</Card>
      </Column>,
      <Column key="side">
        <Card>Details</Card>
      </Column>,
    ],
  },
  argTypes: {
    gap: { control: 'inline-radio', options: ['none', 'xsmall', 'small', 'medium', 'large', 'xlarge'] },
    collapseBelow: { control: 'inline-radio', options: ['never', 'tablet', 'desktop'] },
    alignY: { control: 'inline-radio', options: ['top', 'center', 'bottom', 'stretch'] },
  },
} satisfies Meta<typeof Columns>;

export default meta;
type Story = StoryObj<typeof meta>;

const rect = (canvasElement: HTMLElement, text: string) => {
  const column = within(canvasElement).getByText(text).parentElement;
  if (!column) throw new Error(`no column for ${text}`);
  return column.getBoundingClientRect();
};

export const TwoThirdsAndRest: Story = {
  play: async ({ canvasElement }) => {
    const main = rect(canvasElement, 'Mediathek');
    const side = rect(canvasElement, 'Details');
    await expect(main.top).toBe(side.top);
    // 2/3 of the row minus its share of the 16 px gap; the fluid column takes the rest.
    const row = main.width + 16 + side.width;
    await expect(main.width).toBeCloseTo(((row + 16) * 2) / 3 - 16, 0);
    await expect(side.left - main.right).toBeCloseTo(16, 0);
  },
};

export const EqualThirds: Story = {
  args: {
    gap: 'large',
    children: ['Inhalte', 'Wiedergabelisten', 'VR-Brillen'].map((label) => (
      <Column key={label} width="1/3">
        <Card>{label}</Card>
      </Column>
    )),
  },
  play: async ({ canvasElement }) => {
    const widths = ['Inhalte', 'Wiedergabelisten', 'VR-Brillen'].map(
      (text) => rect(canvasElement, text).width,
    );
    await expect(Math.max(...widths) - Math.min(...widths)).toBeLessThan(1);
  },
};

/** Stacks below the desktop breakpoint: on a narrow screen each column takes the full width. */
export const CollapseBelowDesktop: Story = {
  args: { collapseBelow: 'desktop' },
  play: async ({ canvasElement }) => {
    const main = rect(canvasElement, 'Mediathek');
    const side = rect(canvasElement, 'Details');
    if (window.innerWidth < 1024) {
      await expect(side.top).toBeGreaterThan(main.bottom);
      await expect(main.width).toBeCloseTo(side.width, 0);
    } else {
      await expect(side.top).toBe(main.top);
    }
  },
};

/**
 * On a phone (375 px) columns that collapse below the tablet breakpoint stack: each takes the full width,
 * in reading order, the gap between them vertical.
 */
export const NarrowScreen: Story = {
  tags: ['viewport-narrow'],
  ...narrowScreen,
  args: { collapseBelow: 'tablet' },
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(NARROW_SCREEN.width);
    const main = rect(canvasElement, 'Mediathek');
    const side = rect(canvasElement, 'Details');
    const row = within(canvasElement).getByText('Mediathek').parentElement?.parentElement;
    if (!row) throw new Error('no Columns element');
    // Stacked, 16 px ('medium') apart, both as wide as the Columns, whatever their width prop says.
    await expect(side.top - main.bottom).toBeCloseTo(16, 0);
    await expect(side.left).toBeCloseTo(main.left, 0);
    await expect(main.width).toBeCloseTo(row.getBoundingClientRect().width, 0);
    await expect(side.width).toBeCloseTo(main.width, 0);
  },
};

export const LongGermanText: Story = {
  args: {
    children: [
      <Column key="a" width="1/2">
        <Card>
          Panoramavideos und 360-Grad-Fotos für den Geschichtsunterricht der Jahrgangsstufen sieben bis neun
        </Card>
      </Column>,
      <Column key="b" width="content">
        <Card>Kreismedienzentrum</Card>
      </Column>,
    ],
  },
};

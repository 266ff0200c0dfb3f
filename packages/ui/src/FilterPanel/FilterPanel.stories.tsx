import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Inline } from '../Inline/Inline';
import { Select } from '../Select/Select';
import { NARROW_SCREEN, narrowScreen } from '../testing/viewport';
import { breakpoints } from '../theme/tokens';
import { FilterPanel } from './FilterPanel';

const all = { value: '', label: 'Alle' };

/** The fleet page's filters: seven selects that fill a phone's screen when they all show. */
function FleetSelects() {
  return (
    <Inline gap="medium" alignY="bottom">
      <Select
        label="Status"
        options={[
          { value: '', label: 'Alle Status' },
          { value: 'on', label: 'Online' },
        ]}
      />
      <Select label="Akku" options={[all, { value: 'low', label: 'Niedrig' }]} />
      <Select label="Synchronisierung" options={[all, { value: 'no', label: 'Nicht synchronisiert' }]} />
      <Select label="Software" options={[all, { value: 'old', label: 'Veraltet' }]} />
      <Select
        label="Gruppe"
        options={[
          { value: '', label: 'Alle Gruppen' },
          { value: '1', label: 'Klasse 7b' },
        ]}
      />
      <Select
        label="Modell"
        options={[
          { value: '', label: 'Alle Modelle' },
          { value: '1', label: 'Pico 4' },
        ]}
      />
      <Select label="Wiedergabeliste" options={[{ value: '', label: 'Alle Wiedergabelisten' }]} />
    </Inline>
  );
}

const meta = {
  title: 'Forms/FilterPanel',
  component: FilterPanel,
  tags: ['autodocs'],
  args: { label: 'Filter', children: <FleetSelects /> },
} satisfies Meta<typeof FilterPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** From a desktop's width every filter shows, in a section named 'Filter'; there is nothing to unfold. */
export const Wide: Story = {
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBeGreaterThanOrEqual(breakpoints.desktop);
    const canvas = within(canvasElement);
    const section = canvas.getByRole('region', { name: 'Filter' });
    await expect(within(section).getByRole('combobox', { name: 'Wiedergabeliste' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Filter/ })).toBeNull();
  },
};

/**
 * On a phone (and a tablet) the filters fold behind one button, which says how many are set; the list below stays in sight.
 * Enter unfolds them, and the first select is the next stop of the keyboard.
 */
export const Narrow: Story = {
  tags: ['viewport-narrow'],
  ...narrowScreen,
  args: { activeCount: 2 },
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(NARROW_SCREEN.width);
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Filter (2)' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('combobox', { name: 'Status' })).toBeNull();
    await userEvent.tab();
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    await expect(canvas.getByRole('combobox', { name: 'Status' })).toHaveFocus();
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(
      NARROW_SCREEN.width,
    );
  },
};

/** Opened at first, e.g. when the page was reached through a filter link. */
export const NarrowOpen: Story = {
  tags: ['viewport-narrow'],
  ...narrowScreen,
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Filter' })).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('combobox', { name: 'Modell' })).toBeVisible();
  },
};

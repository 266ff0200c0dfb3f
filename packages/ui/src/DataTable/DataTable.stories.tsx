import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { StatusDot } from '../StatusDot/StatusDot';
import { expectToken } from '../testing/tokens';
import { NARROW_SCREEN, narrowScreen } from '../testing/viewport';
import { vars } from '../theme/theme.css';
import { DataTable, type DataTableColumn } from './DataTable';

interface Device {
  id: string;
  name: string;
  status: 'online' | 'offline' | 'syncing' | 'error';
  battery: number;
  room: string;
}

const statusLabels = {
  online: 'Online',
  offline: 'Offline',
  syncing: 'Synchronisiert',
  error: 'Fehler',
} as const;
const statuses = ['online', 'offline', 'syncing', 'error'] as const;
const rooms = ['Raum 101', 'Physiksaal', 'Bibliothek', 'Aula'];

function makeDevices(count: number): Device[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `device-${i + 1}`,
    name: `Brille ${String(i + 1).padStart(4, '0')}`,
    status: statuses[i % statuses.length] ?? 'online',
    // A spread of values that is not in id order, so sorting by it visibly reorders the rows.
    battery: (i * 37) % 101,
    room: rooms[i % rooms.length] ?? 'Aula',
  }));
}

const columns: DataTableColumn<Device>[] = [
  { id: 'name', header: 'Name', cell: (d) => d.name, sortValue: (d) => d.name, rowHeader: true },
  {
    id: 'status',
    header: 'Status',
    cell: (d) => <StatusDot status={d.status} label={statusLabels[d.status]} />,
    sortValue: (d) => statusLabels[d.status],
  },
  {
    id: 'battery',
    header: 'Akku',
    cell: (d) => `${d.battery} %`,
    sortValue: (d) => d.battery,
    align: 'end',
    width: '8rem',
  },
  { id: 'room', header: 'Raum', cell: (d) => d.room },
];

const fewDevices = makeDevices(6);
const manyDevices = makeDevices(5000);

const meta = {
  title: 'Data/DataTable',
  component: DataTable<Device>,
  tags: ['autodocs'],
  args: {
    caption: 'Geräte',
    columns,
    rows: fewDevices,
    getRowId: (d: Device) => d.id,
    height: '360px',
    onSortChange: fn(),
  },
} satisfies Meta<typeof DataTable<Device>>;

export default meta;
type Story = StoryObj<typeof meta>;

function bodyRows(table: HTMLElement): HTMLTableRowElement[] {
  return within(table)
    .getAllByRole('row')
    .filter(
      (row): row is HTMLTableRowElement =>
        row instanceof HTMLTableRowElement && row.closest('tbody') !== null,
    );
}

function firstColumn(table: HTMLElement): string[] {
  return bodyRows(table).map((row) => within(row).getAllByRole('rowheader')[0]?.textContent ?? '');
}

export const Default: Story = {};

export const SortByColumn: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Geräte' });
    const batteryHeader = canvas.getByRole('columnheader', { name: 'Akku' });
    await expect(batteryHeader).toHaveAttribute('aria-sort', 'none');

    await userEvent.click(canvas.getByRole('button', { name: 'Akku' }));
    await expect(batteryHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ columnId: 'battery', direction: 'ascending' });
    const ascending = bodyRows(table).map((row) => Number.parseInt(row.cells[2]?.textContent ?? '', 10));
    await expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await expect(ascending[0]).toBe(0);

    await userEvent.click(canvas.getByRole('button', { name: 'Akku' }));
    await expect(batteryHeader).toHaveAttribute('aria-sort', 'descending');
    const descending = bodyRows(table).map((row) => Number.parseInt(row.cells[2]?.textContent ?? '', 10));
    await expect(descending).toEqual([...ascending].reverse());

    // Another column takes over the sort; the previous one goes back to 'none'.
    await userEvent.click(canvas.getByRole('button', { name: 'Name' }));
    await expect(canvas.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(batteryHeader).toHaveAttribute('aria-sort', 'none');
    await expect(firstColumn(table)[0]).toBe('Brille 0001');
    // Not sortable: no aria-sort, no button.
    await expect(canvas.getByRole('columnheader', { name: 'Raum' })).not.toHaveAttribute('aria-sort');
    await expect(canvas.queryByRole('button', { name: 'Raum' })).not.toBeInTheDocument();
  },
};

export const SortWithKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab(); // the scroll region
    await expect(canvas.getByRole('region', { name: 'Geräte' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Name' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(firstColumn(canvas.getByRole('table'))[0]).toBe('Brille 0006');
  },
};

const onSelectedRowIdsChange = fn();

/**
 * The server sorts (a paged list): only the columns it can order by are sort buttons; a click reports the new sort
 * and the table keeps the rows in the order they came.
 */
export const ServerSorting: Story = {
  args: {
    manualSorting: true,
    sort: { columnId: 'name', direction: 'ascending' },
    columns: [
      { id: 'name', header: 'Name', cell: (d) => d.name, sortable: true, rowHeader: true },
      { id: 'battery', header: 'Akku', cell: (d) => `${d.battery} %`, sortable: true, align: 'end' },
      { id: 'room', header: 'Raum', cell: (d) => d.room },
    ],
  },
  play: async ({ args, canvasElement }) => {
    const table = within(canvasElement).getByRole('table');
    const before = firstColumn(table);
    await expect(within(table).getByRole('columnheader', { name: 'Raum' })).not.toHaveAttribute('aria-sort');
    await expect(within(table).queryByRole('button', { name: 'Raum' })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Akku' }));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ columnId: 'battery', direction: 'ascending' });
    await expect(firstColumn(table)).toEqual(before);
    await expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  },
};

export const RowSelection: Story = {
  args: {
    selectable: true,
    selectAllLabel: 'Alle Geräte auswählen',
    selectRowLabel: (d: Device) => `${d.name} auswählen`,
    onSelectedRowIdsChange,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const selectAll = canvas.getByRole('checkbox', { name: 'Alle Geräte auswählen' });
    const rowBoxes = () => canvas.getAllByRole('checkbox', { name: /^Brille \d+ auswählen$/ });
    await expect(selectAll).not.toBeChecked();
    await expect(selectAll).not.toBePartiallyChecked();

    await userEvent.click(canvas.getByRole('checkbox', { name: 'Brille 0002 auswählen' }));
    await expect(canvas.getByRole('checkbox', { name: 'Brille 0002 auswählen' })).toBeChecked();
    await expect(selectAll).toBePartiallyChecked();
    await expect(onSelectedRowIdsChange).toHaveBeenLastCalledWith(new Set(['device-2']));

    await userEvent.click(selectAll);
    await expect(selectAll).toBeChecked();
    await expect(selectAll).not.toBePartiallyChecked();
    for (const box of rowBoxes()) await expect(box).toBeChecked();
    await expect(onSelectedRowIdsChange).toHaveBeenLastCalledWith(new Set(fewDevices.map((d) => d.id)));

    // Space on the focused checkbox clears the selection again.
    selectAll.focus();
    await userEvent.keyboard(' ');
    await expect(selectAll).not.toBeChecked();
    await expect(selectAll).not.toBePartiallyChecked();
    for (const box of rowBoxes()) await expect(box).not.toBeChecked();
  },
};

/** The table drives its selection from the app's state (controlled). */
export const ControlledSelection: Story = {
  render: function Render(args) {
    const [selected, setSelected] = useState<ReadonlySet<string>>(new Set(['device-1', 'device-3']));
    return (
      <>
        <p>{`${selected.size} ausgewählt`}</p>
        <DataTable
          {...args}
          selectable
          selectAllLabel="Alle Geräte auswählen"
          selectRowLabel={(d: Device) => `${d.name} auswählen`}
          selectedRowIds={selected}
          onSelectedRowIdsChange={setSelected}
        />
      </>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('2 ausgewählt')).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Alle Geräte auswählen' })).toBePartiallyChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Brille 0001 auswählen' }));
    await expect(canvas.getByText('1 ausgewählt')).toBeVisible();
  },
};

/** 5,000 rows: only the rows in view (plus a few above and below) are in the DOM. */
export const FiveThousandRows: Story = {
  args: {
    rows: manyDevices,
    selectable: true,
    selectAllLabel: 'Alle Geräte auswählen',
    selectRowLabel: (d: Device) => `${d.name} auswählen`,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Geräte' });
    const region = canvas.getByRole('region', { name: 'Geräte' });
    await expect(table).toHaveAttribute('aria-rowcount', '5001');
    const initial = bodyRows(table).filter((row) => row.getAttribute('aria-hidden') !== 'true');
    await expect(initial.length).toBeGreaterThan(5);
    await expect(initial.length).toBeLessThan(40);
    await expect(firstColumn(table)[0]).toBe('Brille 0001');

    // Scroll to the middle: the window moves, the DOM stays small, the header stays in view.
    const started = performance.now();
    region.scrollTop = 2500 * 49;
    await waitFor(() => expect(canvas.getByRole('rowheader', { name: 'Brille 2501' })).toBeInTheDocument());
    const scrollMs = performance.now() - started;
    const middle = bodyRows(table).filter((row) => row.getAttribute('aria-hidden') !== 'true');
    await expect(middle.length).toBeLessThan(40);
    await expect(canvas.queryByRole('rowheader', { name: 'Brille 0001' })).not.toBeInTheDocument();
    const header = canvas.getByRole('columnheader', { name: 'Name' });
    await expect(header.getBoundingClientRect().top).toBeCloseTo(region.getBoundingClientRect().top + 1, 0);

    // Select all picks every one of the 5,000 rows, not only the rendered ones.
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Alle Geräte auswählen' }));
    region.scrollTop = region.scrollHeight;
    await waitFor(() => expect(canvas.getByRole('rowheader', { name: 'Brille 5000' })).toBeInTheDocument());
    await expect(canvas.getByRole('checkbox', { name: 'Brille 5000 auswählen' })).toBeChecked();

    // Sorting 5,000 rows descending brings the last device to the top.
    region.scrollTop = 0;
    await userEvent.click(canvas.getByRole('button', { name: 'Name' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(firstColumn(table)[0]).toBe('Brille 5000'));
    // Visible in the test log: the time from setting scrollTop to the new rows being rendered.
    console.info(
      `DataTable 5000 rows: ${middle.length} rows in the DOM, scroll rendered in ${scrollMs.toFixed(0)} ms`,
    );
  },
};

/** Tab walks the row checkboxes past the first rendered window; focus scrolls the table along. */
export const KeyboardThroughRows: Story = {
  args: FiveThousandRows.args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Geräte' });
    canvas.getByRole('checkbox', { name: 'Brille 0001 auswählen' }).focus();
    for (let i = 0; i < 40; i += 1) await userEvent.tab();
    const focused = canvas.getByRole('checkbox', { name: 'Brille 0041 auswählen' });
    await expect(focused).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(focused).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Alle Geräte auswählen' })).toBePartiallyChecked();
    // Row 1 has left the window: the DOM still holds only the rows around the focus.
    await waitFor(() =>
      expect(canvas.queryByRole('rowheader', { name: 'Brille 0001' })).not.toBeInTheDocument(),
    );
    await expect(
      bodyRows(table).filter((row) => row.getAttribute('aria-hidden') !== 'true').length,
    ).toBeLessThan(40);
  },
};

export const Empty: Story = {
  args: { rows: [], emptyText: 'Noch keine Geräte gekoppelt.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Noch keine Geräte gekoppelt.')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { loading: true, loadingText: 'Geräte werden geladen …' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Geräte' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByText('Geräte werden geladen …')).toBeVisible();
  },
};

export const LongGermanText: Story = {
  args: {
    caption: 'Alle gekoppelten VR-Brillen der Organisation',
    rows: [
      {
        id: 'long',
        name: 'Donaudampfschifffahrtsgesellschaftskapitänsbrille im Naturwissenschaftstrakt',
        status: 'syncing',
        battery: 57,
        room: 'Mehrzweckraum neben der Schulbibliothek im zweiten Obergeschoss',
      },
      ...fewDevices,
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '560px' }}>
        <Story />
      </div>
    ),
  ],
};

/**
 * `align` moves a column's header together with its cells: 'center' for the status, 'end' for the
 * battery level.
 */
export const ColumnAlignment: Story = {
  args: {
    columns: [
      { id: 'name', header: 'Name', cell: (d) => d.name, sortValue: (d) => d.name, rowHeader: true },
      {
        id: 'status',
        header: 'Status',
        cell: (d) => <StatusDot status={d.status} label={statusLabels[d.status]} />,
        align: 'center',
      },
      {
        id: 'battery',
        header: 'Akku',
        cell: (d) => `${d.battery} %`,
        sortValue: (d) => d.battery,
        align: 'end',
        width: '8rem',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Geräte' });
    const textAlign = (element: Element | null | undefined) =>
      element ? getComputedStyle(element).textAlign : undefined;
    await expect(textAlign(canvas.getByRole('columnheader', { name: 'Name' }))).toBe('left');
    await expect(textAlign(canvas.getByRole('columnheader', { name: 'Status' }))).toBe('center');
    await expect(textAlign(canvas.getByRole('columnheader', { name: 'Akku' }))).toBe('right');
    const [firstRow] = bodyRows(table);
    await expect(textAlign(firstRow?.cells[1])).toBe('center');
    await expect(textAlign(firstRow?.cells[2])).toBe('right');
  },
};

/**
 * Rows and sort buttons under the mouse pointer take the ghost hover background.
 * `parameters.pseudo` forces :hover (storybook-addon-pseudo-states), so the visual baseline shows it.
 */
export const Hover: Story = {
  args: { rows: fewDevices.slice(0, 3) },
  parameters: { pseudo: { hover: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Geräte' });
    for (const row of bodyRows(table)) {
      await expectToken(row, 'backgroundColor', vars.color.ghostBackgroundHover);
    }
    for (const name of ['Name', 'Status', 'Akku']) {
      await expectToken(
        canvas.getByRole('button', { name }),
        'backgroundColor',
        vars.color.ghostBackgroundHover,
      );
    }
  },
};

/** The hover colours of the light-blue scheme. */
export const HoverLightTheme: Story = { ...Hover, globals: { theme: 'light' } };

/** Selected rows, status dots and the sorted header in the light-blue scheme, so axe checks its contrast. */
export const SelectedRowsLightTheme: Story = {
  args: {
    selectable: true,
    selectAllLabel: 'Alle Geräte auswählen',
    selectRowLabel: (d: Device) => `${d.name} auswählen`,
    defaultSelectedRowIds: new Set(['device-1', 'device-2', 'device-3', 'device-4']),
    defaultSort: { columnId: 'name', direction: 'ascending' },
  },
  globals: { theme: 'light' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: 'Brille 0004 auswählen' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Alle Geräte auswählen' })).toBePartiallyChecked();
    await expect(canvas.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  },
};

/** A headset list as the fleet page shows it: more columns than a tablet has room for, with long values. */
const fleetColumns: DataTableColumn<Device>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (d) => <a href={`#${d.id}`}>{d.name}</a>,
    sortable: true,
    rowHeader: true,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (d) => (
      <StatusDot status={d.status} label={`${statusLabels[d.status]} · zuletzt gesehen vor 5 Min.`} />
    ),
    sortable: true,
  },
  {
    id: 'battery',
    header: 'Akku',
    cell: (d) => `${d.battery} %`,
    sortable: true,
    align: 'end',
    width: '6rem',
  },
  { id: 'room', header: 'Raum', cell: (d) => d.room },
  {
    id: 'playlist',
    header: 'Wiedergabeliste',
    cell: () => 'Projektwoche Naturwissenschaften · synchronisiert',
  },
];

const cardsArgs = {
  rows: fewDevices.slice(0, 4),
  columns: fleetColumns,
  narrowLayout: 'cards',
  manualSorting: true,
  sort: { columnId: 'name', direction: 'ascending' },
  selectable: true,
  selectAllLabel: 'Alle VR-Brillen dieser Seite auswählen',
  selectRowLabel: (d: Device) => `${d.name} auswählen`,
  height: '640px',
} as const;

/** Every element of the body's cells, and the cells themselves: none is wider than its box (nothing cut). */
function cutValues(table: HTMLElement): string[] {
  return [...table.querySelectorAll('tbody td, tbody th, tbody td *, tbody th *')]
    .filter((element) => element.clientWidth > 0 && element.scrollWidth > element.clientWidth)
    .map((element) => element.textContent ?? element.tagName);
}

/** `narrowLayout: 'cards'` at 1024 px (the desktop width): the columns stay a table; nothing is cut. */
export const CardsLayoutOnWideScreen: Story = {
  args: cardsArgs,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Geräte' });
    await expect(getComputedStyle(table).display).toBe('table');
    const raum = canvas.getByRole('columnheader', { name: 'Raum' });
    await expect(raum).toBeVisible();
    await expect(raum.getBoundingClientRect().width).toBeGreaterThan(1);
    const [firstRow] = bodyRows(table);
    await expect(getComputedStyle(firstRow?.cells[3] as Element, '::before').content).toBe('none');
    await expect(cutValues(table)).toEqual([]);
  },
};

/**
 * The same list on a phone (375 px): a card per row, the name as its title, every value under its column's name and
 * whole; the header row is a bar with select-all (with its words) and the sort buttons. Targets are 44 px.
 */
export const CardsLayoutOnNarrowScreen: Story = {
  tags: ['viewport-narrow'],
  ...narrowScreen,
  args: cardsArgs,
  play: async ({ args, canvasElement }) => {
    await expect(window.innerWidth).toBe(NARROW_SCREEN.width);
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Geräte' });
    await expect(getComputedStyle(table).display).toBe('block');
    const [firstRow] = bodyRows(table);
    if (!firstRow) throw new Error('no row');
    await expect(getComputedStyle(firstRow).display).toBe('grid');
    // Each value under the name of its column (a text for the eye: its alternative `/ ""` is silent); the card's
    // title (the row header) needs none.
    const labels = [...firstRow.cells].map((cell) =>
      getComputedStyle(cell, '::before').content.replace(/ \/ ""$/, ''),
    );
    await expect(labels).toEqual(['none', 'none', '"Status"', '"Akku"', '"Raum"', '"Wiedergabeliste"']);
    await expect(cutValues(table)).toEqual([]);
    // The cards stand apart, one under the other, as wide as the list.
    const [first, second] = bodyRows(table).map((row) => row.getBoundingClientRect());
    await expect((second?.top ?? 0) - (first?.bottom ?? 0)).toBeGreaterThan(4);
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(
      NARROW_SCREEN.width,
    );

    // Plain column headers are left to screen readers; the sortable ones are buttons in the bar.
    await expect(
      canvas.getByRole('columnheader', { name: 'Raum' }).getBoundingClientRect().width,
    ).toBeLessThan(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Akku' }));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ columnId: 'battery', direction: 'ascending' });

    // Select-all says what it does; every checkbox and the title link is a 44 px target.
    await expect(canvas.getByText('Alle VR-Brillen dieser Seite auswählen')).toBeVisible();
    const targets = [
      canvas.getByRole('checkbox', { name: 'Alle VR-Brillen dieser Seite auswählen' }).closest('label'),
      canvas.getByRole('checkbox', { name: 'Brille 0001 auswählen' }).closest('label'),
      canvas.getByRole('link', { name: 'Brille 0001' }),
      canvas.getByRole('button', { name: 'Akku' }),
    ];
    for (const target of targets) {
      const box = target?.getBoundingClientRect();
      await expect(box?.height).toBeGreaterThanOrEqual(44);
      await expect(box?.width).toBeGreaterThanOrEqual(44);
    }
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Brille 0002 auswählen' }));
    await expect(canvas.getByRole('checkbox', { name: 'Brille 0002 auswählen' })).toBeChecked();
    await expect(
      canvas.getByRole('checkbox', { name: 'Alle VR-Brillen dieser Seite auswählen' }),
    ).toBePartiallyChecked();
  },
};

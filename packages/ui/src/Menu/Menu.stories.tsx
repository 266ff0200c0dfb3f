import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { IconButton } from '../IconButton/IconButton';
import { expectToken } from '../testing/tokens';
import { vars } from '../theme/theme.css';
import { Menu } from './Menu';

const onEdit = fn();
const onShare = fn();
const onDelete = fn();

const dots = (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <circle cx="5" cy="12" r="2" fill="currentColor" />
    <circle cx="12" cy="12" r="2" fill="currentColor" />
    <circle cx="19" cy="12" r="2" fill="currentColor" />
  </svg>
);

const meta = {
  title: 'Actions/Menu',
  component: Menu.Root,
  subcomponents: {
    'Menu.Trigger': Menu.Trigger,
    'Menu.Content': Menu.Content,
    'Menu.Item': Menu.Item,
    'Menu.Label': Menu.Label,
    'Menu.Separator': Menu.Separator,
  },
  tags: ['autodocs'],
  parameters: { docs: { story: { inline: false, iframeHeight: 280 } } },
  render: (args) => (
    <Menu.Root {...args}>
      <Menu.Trigger asChild>
        <IconButton label="Aktionen für Vulkane 360°">{dots}</IconButton>
      </Menu.Trigger>
      <Menu.Content>
        <Menu.Label>Inhalt</Menu.Label>
        <Menu.Item onSelect={onEdit}>Bearbeiten</Menu.Item>
        <Menu.Item onSelect={onShare}>Teilen</Menu.Item>
        <Menu.Item disabled>Duplizieren</Menu.Item>
        <Menu.Separator />
        <Menu.Item tone="critical" onSelect={onDelete}>
          Löschen
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  ),
  beforeEach: () => {
    onEdit.mockClear();
    onShare.mockClear();
    onDelete.mockClear();
  },
} satisfies Meta<typeof Menu.Root>;

export default meta;
type Story = StoryObj<typeof meta>;

// The menu is portalled into <body>, outside the story's canvas.
const screen = () => within(document.body);

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Aktionen für Vulkane 360°' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    const menu = await screen().findByRole('menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Teilen' }));
    await expect(onShare).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen().queryByRole('menu')).not.toBeInTheDocument());
  },
};

export const KeyboardArrows: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Aktionen für Vulkane 360°' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen().findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Bearbeiten' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Teilen' })).toHaveFocus();
    // The disabled item is skipped.
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Löschen' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onDelete).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Aktionen für Vulkane 360°' });
    await userEvent.click(trigger);
    await screen().findByRole('menu');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen().queryByRole('menu')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
    await expect(onEdit).not.toHaveBeenCalled();
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const menu = await screen().findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: 'Duplizieren' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

export const LongGermanText: Story = {
  args: { defaultOpen: true },
  render: (args) => (
    <Menu.Root {...args}>
      <Menu.Trigger asChild>
        <Button variant="secondary">Weitere Aktionen für die ausgewählten VR-Brillen</Button>
      </Menu.Trigger>
      <Menu.Content align="start">
        <Menu.Item>Wiedergabeliste auf alle ausgewählten VR-Brillen übertragen</Menu.Item>
        <Menu.Item tone="critical">Ausgewählte VR-Brillen aus der Organisation entfernen</Menu.Item>
      </Menu.Content>
    </Menu.Root>
  ),
  play: async () => {
    await expect(await screen().findAllByRole('menuitem')).toHaveLength(2);
  },
};

export const OpenLightTheme: Story = { ...Open, globals: { theme: 'light' } };

/**
 * The mouse pointer on an item highlights it (Radix moves focus with the pointer, so the highlight is
 * the same as the keyboard's); a disabled item is not highlighted.
 */
export const ItemHover: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const menu = await screen().findByRole('menu');
    const disabled = within(menu).getByRole('menuitem', { name: 'Duplizieren' });
    await userEvent.hover(disabled);
    await expect(disabled).not.toHaveAttribute('data-highlighted');
    const share = within(menu).getByRole('menuitem', { name: 'Teilen' });
    await userEvent.hover(share);
    await waitFor(() => expect(share).toHaveAttribute('data-highlighted'));
    await expect(share).toHaveFocus();
    await expectToken(share, 'backgroundColor', vars.color.surfaceRaised);
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { NavLink } from '../NavLink/NavLink';
import { Drawer } from './Drawer';

function DrawerDemo() {
  const [open, setOpen] = useState(false);
  return (
    <Drawer
      open={open}
      onOpenChange={setOpen}
      title="Hauptnavigation"
      closeLabel="Menü schließen"
      trigger={<Button variant="secondary">Menü öffnen</Button>}
    >
      <nav aria-label="Hauptnavigation">
        <NavLink placement="side" href="/library" active>
          Mediathek
        </NavLink>
        <NavLink placement="side" href="/dashboard/configurations">
          Wiedergabelisten
        </NavLink>
        <NavLink placement="side" href="/dashboard/devices">
          VR-Brillen
        </NavLink>
      </nav>
    </Drawer>
  );
}

const meta = {
  title: 'Overlays/Drawer',
  component: Drawer,
  tags: ['autodocs'],
  parameters: { docs: { story: { inline: false, iframeHeight: 420 } } },
  args: {
    open: false,
    onOpenChange: () => {},
    title: 'Hauptnavigation',
    closeLabel: 'Menü schließen',
    children: null,
  },
  render: () => <DrawerDemo />,
} satisfies Meta<typeof Drawer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens from its button, keeps the focus inside, and Escape closes it and returns the focus to the button. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const opener = canvas.getByRole('button', { name: 'Menü öffnen' });
    await userEvent.click(opener);
    const drawer = await body.findByRole('dialog', { name: 'Hauptnavigation' });
    await expect(within(drawer).getByRole('link', { name: 'Mediathek' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Tab cycles inside: close button and three links, then back to the first.
    for (let step = 0; step < 5; step += 1) await userEvent.tab();
    await expect(drawer.contains(canvasElement.ownerDocument.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(opener).toHaveFocus();
  },
};

/** Left open, for the visual baseline. */
export const Opened: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Menü öffnen' }));
    const drawer = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await expect(within(drawer).getByRole('button', { name: 'Menü schließen' })).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Menu } from '../Menu/Menu';
import { NARROW_SCREEN, narrowScreen } from '../testing/viewport';
import { UserMenu } from './UserMenu';

const onLogout = fn();

const meta = {
  title: 'Navigation/UserMenu',
  component: UserMenu,
  tags: ['autodocs'],
  parameters: { docs: { story: { inline: false, iframeHeight: 260 } } },
  args: {
    name: 'Erika Muster',
    detail: 'Kreismedienzentrum Demo',
    initials: 'EM',
    children: (
      <>
        <Menu.LinkItem href="/dashboard/profile">Profil</Menu.LinkItem>
        <Menu.LinkItem href="/dashboard/settings">Einstellungen</Menu.LinkItem>
        <Menu.Separator />
        <Menu.Item onSelect={onLogout}>Abmelden</Menu.Item>
      </>
    ),
  },
  // The navbar's colours: the trigger is made for it.
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: '8px' }}>
        <Story />
      </div>
    ),
  ],
  beforeEach: () => {
    onLogout.mockClear();
  },
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The button names the person and the organisation; the menu offers links and the logout. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: /Erika Muster.*Kreismedienzentrum Demo/ });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
  },
};

/** Keyboard: Enter opens, arrows move, the link items are links, Escape closes back to the button. */
export const KeyboardUse: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('button', { name: /Erika Muster/ });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await body.findByRole('menu');
    const profile = within(menu).getByRole('menuitem', { name: 'Profil' });
    await expect(profile).toHaveAttribute('href', '/dashboard/profile');
    await waitFor(() => expect(profile).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Abmelden' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onLogout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** On a phone only the avatar shows; the name stays the button's accessible name. */
export const NarrowScreen: Story = {
  tags: ['viewport-narrow'],
  ...narrowScreen,
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(NARROW_SCREEN.width);
    const trigger = within(canvasElement).getByRole('button', { name: /Erika Muster/ });
    await expect(trigger.getBoundingClientRect().width).toBeLessThan(80);
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Heading } from '../Heading/Heading';
import { NavLink } from '../NavLink/NavLink';
import { Stack } from '../Stack/Stack';
import { Text } from '../Text/Text';
import { NARROW_SCREEN, narrowScreen } from '../testing/viewport';
import { AppShell, NAVBAR_HEIGHT_PX } from './AppShell';

const meta = {
  title: 'Layout/AppShell',
  component: AppShell,
  tags: ['autodocs'],
  parameters: { docs: { story: { inline: false, iframeHeight: 360 } } },
  args: {
    brand: 'VR-Portal',
    brandHref: '/library',
    navigationLabel: 'Hauptnavigation',
    skipLinkLabel: 'Zum Inhalt springen',
    navigation: (
      <>
        <NavLink href="/library" active>
          Mediathek
        </NavLink>
        <NavLink href="/dashboard">Dashboard</NavLink>
        <NavLink href="/support">Support</NavLink>
      </>
    ),
    actions: (
      <Button variant="secondary" size="small">
        Abmelden
      </Button>
    ),
    children: (
      <Stack gap="medium">
        <Heading level={1}>Mediathek</Heading>
        <Text tone="muted">
          Alle Inhalte Ihrer Organisation und die öffentlichen Inhalte des Kreismedienzentrums.
        </Text>
      </Stack>
    ),
  },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole('banner');
    await expect(banner.getBoundingClientRect().height).toBe(NAVBAR_HEIGHT_PX);
    await expect(canvas.getByRole('navigation', { name: 'Hauptnavigation' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Mediathek' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'VR-Portal' })).toHaveAttribute('href', '/library');
    await expect(canvas.getByRole('main')).toHaveAttribute('id', 'main');
  },
};

export const SkipLinkTargetsMain: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const skipLink = canvas.getByRole('link', { name: 'Zum Inhalt springen' });
    await expect(skipLink).toHaveFocus();
    await expect(skipLink).toBeVisible();
    await expect(skipLink).toHaveAttribute('href', '#main');
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
  },
};

export const WithoutNavigation: Story = {
  args: { navigation: undefined, actions: undefined, brandHref: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('navigation')).not.toBeInTheDocument();
    await expect(canvas.getByText('VR-Portal')).toBeVisible();
  },
};

export const LongGermanText: Story = {
  args: {
    navigation: (
      <>
        <NavLink href="/library">Mediathek</NavLink>
        <NavLink href="/dashboard/configurations" active>
          Wiedergabelisten
        </NavLink>
        <NavLink href="/dashboard/devices">VR-Brillen-Verwaltung</NavLink>
        <NavLink href="/support">Support und Hilfe</NavLink>
        <NavLink href="/dashboard/settings">Organisationseinstellungen</NavLink>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole('banner');
    // Long entries do not make the navbar taller: it stays at the specified 60 px.
    await expect(banner.getBoundingClientRect().height).toBe(60);
  },
};

/**
 * The spec's navbar height, measured: the banner is 60 px high at the top of the page, every entry
 * sits inside it, and the main area starts below it.
 */
export const NavbarHeight: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole('banner').getBoundingClientRect();
    await expect(NAVBAR_HEIGHT_PX).toBe(60);
    await expect(banner.height).toBe(60);
    for (const link of within(canvas.getByRole('navigation', { name: 'Hauptnavigation' })).getAllByRole(
      'link',
    )) {
      const box = link.getBoundingClientRect();
      await expect(box.top).toBeGreaterThanOrEqual(banner.top);
      await expect(box.bottom).toBeLessThanOrEqual(banner.bottom);
    }
    await expect(canvas.getByRole('main').getBoundingClientRect().top).toBeGreaterThanOrEqual(banner.bottom);
  },
};

export const DefaultLightTheme: Story = { ...Default, globals: { theme: 'light' } };

export const WithSideNavigation: Story = {
  args: {
    sideNavigationLabel: 'Einstellungen',
    sideNavigation: (
      <>
        <NavLink placement="side" href="/settings/profile" active>
          Profil
        </NavLink>
        <NavLink placement="side" href="/settings/organisation">
          Organisation
        </NavLink>
        <NavLink placement="side" href="/settings/devices">
          Geräteverwaltung und Kopplungscodes
        </NavLink>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const side = canvas.getByRole('navigation', { name: 'Einstellungen' });
    await expect(within(side).getByRole('link', { name: 'Profil' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('navigation', { name: 'Hauptnavigation' })).toBeInTheDocument();
    const main = canvas.getByRole('main');
    await expect(main).toHaveAttribute('id', 'main');
    // Side by side on a wide viewport: the navigation ends where the main area begins.
    await expect(side.getBoundingClientRect().right).toBeLessThanOrEqual(
      main.getBoundingClientRect().left + 1,
    );
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(main).toHaveFocus();
  },
};

/**
 * On a phone (375 px) the main navigation scrolls sideways inside the 60 px navbar; the page itself does
 * not get wider than the screen, and the main area takes the full width below the navbar.
 */
export const NarrowScreen: Story = {
  tags: ['viewport-narrow'],
  ...narrowScreen,
  args: LongGermanText.args,
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(NARROW_SCREEN.width);
    const canvas = within(canvasElement);
    const banner = canvas.getByRole('banner').getBoundingClientRect();
    await expect(banner.height).toBe(NAVBAR_HEIGHT_PX);
    const nav = canvas.getByRole('navigation', { name: 'Hauptnavigation' });
    // The entries are wider than the navigation's room: it scrolls, the page does not.
    await expect(nav.scrollWidth).toBeGreaterThan(nav.clientWidth);
    await expect(getComputedStyle(nav).overflowX).toBe('auto');
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(
      NARROW_SCREEN.width,
    );
    await expect(nav.getBoundingClientRect().right).toBeLessThanOrEqual(banner.right);
    const main = canvas.getByRole('main').getBoundingClientRect();
    await expect(main.top).toBeGreaterThanOrEqual(banner.bottom);
    await expect(main.width).toBeCloseTo(banner.width, 0);
  },
};

/**
 * On a phone the side navigation moves above the main area and takes the full width; the main area
 * follows below it.
 */
export const NarrowScreenWithSideNavigation: Story = {
  tags: ['viewport-narrow'],
  ...narrowScreen,
  args: WithSideNavigation.args,
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(NARROW_SCREEN.width);
    const canvas = within(canvasElement);
    const banner = canvas.getByRole('banner').getBoundingClientRect();
    const side = canvas.getByRole('navigation', { name: 'Einstellungen' }).getBoundingClientRect();
    const main = canvas.getByRole('main').getBoundingClientRect();
    await expect(side.top).toBeGreaterThanOrEqual(banner.bottom);
    // Above, not beside: the navigation ends where the main area begins, both as wide as the navbar.
    await expect(side.bottom).toBeLessThanOrEqual(main.top + 1);
    await expect(side.width).toBeCloseTo(banner.width, 0);
    await expect(main.width).toBeCloseTo(banner.width, 0);
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(
      NARROW_SCREEN.width,
    );
  },
};

const footer = (
  <nav aria-label="Rechtliches und Hilfe" style={{ display: 'flex', gap: '16px', flexWrap: 'wrap' }}>
    <a href="/impressum">Impressum</a>
    <a href="/datenschutzerklaerung">Datenschutzerklärung</a>
    <a href="/agbs">Nutzungsbedingungen</a>
  </nav>
);

/** With a footer: a contentinfo landmark below the main area. */
export const WithFooter: Story = {
  args: { footer },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const contentinfo = canvas.getByRole('contentinfo');
    await expect(within(contentinfo).getByRole('link', { name: 'Impressum' })).toBeVisible();
    await expect(contentinfo.getBoundingClientRect().top).toBeGreaterThanOrEqual(
      canvas.getByRole('main').getBoundingClientRect().bottom,
    );
  },
};

/** On a wide screen the menu button stays hidden: the navigation sits in the navbar. */
export const WithMenuButtonWide: Story = {
  args: { menuButtonLabel: 'Menü', menuCloseLabel: 'Menü schließen', footer },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Hidden with display: none, so out of the accessibility tree: found by its label in the DOM.
    await expect(canvasElement.querySelector('button[aria-label="Menü"]')).not.toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  },
};

/**
 * On a phone the navigation moves into a drawer behind the menu button: focus stays inside, the active entry is
 * marked, choosing an entry closes it, Escape closes it and returns the focus to the button.
 */
export const NarrowScreenWithMenuButton: Story = {
  tags: ['viewport-narrow'],
  ...narrowScreen,
  args: { menuButtonLabel: 'Menü', menuCloseLabel: 'Menü schließen', footer },
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(NARROW_SCREEN.width);
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await expect(canvasElement.querySelector('header nav')).not.toBeVisible();
    const button = canvas.getByRole('button', { name: 'Menü' });
    const banner = canvas.getByRole('banner').getBoundingClientRect();
    await expect(banner.height).toBe(NAVBAR_HEIGHT_PX);
    await expect(button.getBoundingClientRect().bottom).toBeLessThanOrEqual(banner.bottom);
    await userEvent.click(button);
    const drawer = await body.findByRole('dialog', { name: 'Hauptnavigation' });
    await expect(within(drawer).getByRole('link', { name: 'Mediathek' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(button).toHaveFocus();
    await userEvent.click(button);
    const again = await body.findByRole('dialog', { name: 'Hauptnavigation' });
    // A plain <a> here: stop the story's document from navigating, the drawer closes all the same.
    again.addEventListener('click', (event) => event.preventDefault(), { once: true });
    await userEvent.click(within(again).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

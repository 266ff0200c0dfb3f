import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { type LinkComponentProps, LinkProvider } from '../LinkProvider/LinkProvider';
import { expectToken } from '../testing/tokens';
import { NARROW_SCREEN, narrowScreen } from '../testing/viewport';
import { vars } from '../theme/theme.css';
import { NavLink } from './NavLink';

const meta = {
  title: 'Navigation/NavLink',
  component: NavLink,
  tags: ['autodocs'],
  args: { href: '/library', children: 'Mediathek' },
  // NavLinks live in the navbar, so they are shown on its background.
  decorators: [
    (Story) => (
      <nav
        aria-label="Hauptnavigation"
        style={{ background: vars.color.navbarBackground, padding: vars.space.small }}
      >
        <Story />
      </nav>
    ),
  ],
} satisfies Meta<typeof NavLink>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Mediathek' });
    await expect(link).toHaveAttribute('href', '/library');
    await expect(link).not.toHaveAttribute('aria-current');
  },
};

export const Active: Story = {
  args: { active: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Mediathek' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

export const LongGermanText: Story = { args: { children: 'Organisationseinstellungen und Administratoren' } };

/** In the AppShell's side navigation, on the surface colour. */
export const SidePlacement: Story = {
  decorators: [
    (Story) => (
      <nav
        aria-label="Einstellungen"
        style={{ background: vars.color.surface, width: '240px', display: 'flex', flexDirection: 'column' }}
      >
        <Story />
        <NavLink placement="side" href="/settings/organisation">
          Organisationseinstellungen und Administratoren
        </NavLink>
      </nav>
    ),
  ],
  args: { placement: 'side', active: true, href: '/settings/profile', children: 'Profil' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Einstellungen' });
    await expect(within(nav).getByRole('link', { name: 'Profil' })).toHaveAttribute('aria-current', 'page');
    await expect(
      within(nav).getByRole('link', { name: 'Organisationseinstellungen und Administratoren' }),
    ).not.toHaveAttribute('aria-current');
  },
};

/**
 * Under the mouse pointer (forced with `parameters.pseudo`): an inactive entry gets a neutral underline,
 * the current one keeps its orange underline.
 */
export const Hover: Story = {
  parameters: { pseudo: { hover: true } },
  render: (args) => (
    <>
      <NavLink {...args} />
      <NavLink href="/devices" active>
        Geräte
      </NavLink>
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const inactive = canvas.getByRole('link', { name: 'Mediathek' });
    await expectToken(inactive, 'borderBottomColor', vars.color.borderStrong);
    await expectToken(inactive, 'color', vars.color.navbarText);
    const current = canvas.getByRole('link', { name: 'Geräte' });
    await expectToken(current, 'borderBottomColor', vars.color.navActive);
    await expectToken(current, 'color', vars.color.navActive);
  },
};

/** Side navigation under the pointer: an inactive entry gets the hover background. */
export const SideHover: Story = {
  ...SidePlacement,
  parameters: { pseudo: { hover: true } },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Einstellungen' });
    await expectToken(
      within(nav).getByRole('link', { name: 'Organisationseinstellungen und Administratoren' }),
      'backgroundColor',
      vars.color.ghostBackgroundHover,
    );
    await expectToken(within(nav).getByRole('link', { name: 'Profil' }), 'borderLeftColor', vars.color.link);
  },
};

const navigate = fn();

/** Stands in for the router's link: records where Enter or a click navigates. */
function RouterLink({ href, ...props }: LinkComponentProps) {
  return (
    <a
      href={href}
      onClick={(event) => {
        event.preventDefault();
        navigate(href);
      }}
      {...props}
    />
  );
}

/** Tab reaches each entry in order with a visible focus ring; Enter follows the focused one. */
export const KeyboardFocus: Story = {
  decorators: [
    (Story) => (
      <LinkProvider component={RouterLink}>
        <Story />
      </LinkProvider>
    ),
  ],
  render: (args) => (
    <>
      <NavLink {...args} active />
      <NavLink href="/playlists">Wiedergabelisten</NavLink>
    </>
  ),
  play: async ({ canvasElement }) => {
    navigate.mockClear();
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Mediathek' })).toHaveFocus();
    await userEvent.tab();
    const playlists = canvas.getByRole('link', { name: 'Wiedergabelisten' });
    await expect(playlists).toHaveFocus();
    await expect(getComputedStyle(playlists).outlineStyle).not.toBe('none');
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenCalledTimes(1);
    await expect(navigate).toHaveBeenCalledWith('/playlists');
    await expect(playlists).toHaveFocus();
  },
};

const helpIcon = (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
    focusable="false"
  >
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5V14" strokeLinecap="round" />
    <circle cx="12" cy="17.5" r="0.5" fill="currentColor" />
  </svg>
);

/** With an icon: on a phone only the icon shows, and the text stays the link's name. */
export const IconOnlyOnPhones: Story = {
  tags: ['viewport-narrow'],
  ...narrowScreen,
  args: { href: '/support?thema=library', icon: helpIcon, children: 'Hilfe: Mediathek' },
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(NARROW_SCREEN.width);
    const link = within(canvasElement).getByRole('link', { name: 'Hilfe: Mediathek' });
    await expect(link.getBoundingClientRect().width).toBeLessThan(60);
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { type LinkComponentProps, LinkProvider } from '../LinkProvider/LinkProvider';
import { expectToken } from '../testing/tokens';
import { vars } from '../theme/theme.css';
import { Breadcrumb } from './Breadcrumb';

const meta = {
  title: 'Navigation/Breadcrumb',
  component: Breadcrumb,
  tags: ['autodocs'],
  args: {
    label: 'Brotkrümelnavigation',
    items: [
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Geräte', href: '/dashboard/devices' },
      { label: 'Sirius' },
    ],
  },
} satisfies Meta<typeof Breadcrumb>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Brotkrümelnavigation' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual(['Dashboard', 'Geräte']);
    await expect(links[0]).toHaveAttribute('href', '/dashboard');
    for (const link of links) await expect(link).not.toHaveAttribute('aria-current');
    const items = within(nav).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(within(nav).getByText('Sirius')).toHaveAttribute('aria-current', 'page');
  },
};

export const LastItemIsLink: Story = {
  args: {
    items: [
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Konfigurationen', href: '/dashboard/configurations' },
    ],
  },
  play: async ({ canvasElement }) => {
    const current = within(canvasElement).getByRole('link', { name: 'Konfigurationen' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(within(canvasElement).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
    );
  },
};

/** The spec's trails read 'Dashboard / Geräte': a text separator, still hidden from screen readers. */
export const TextSeparator: Story = {
  args: {
    separator: '/',
    items: [{ label: 'Dashboard', href: '/dashboard' }, { label: 'Geräte' }],
  },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Brotkrümelnavigation' });
    await expect(nav).toHaveTextContent(/^Dashboard\s*\/\s*Geräte$/);
    await expect(within(nav).getByText('/')).toHaveAttribute('aria-hidden', 'true');
    await expect(nav.querySelector('svg')).toBeNull();
  },
};

const navigate = fn();

/** Stands in for react-router's Link: proves every link goes through the LinkProvider. */
function RouterLink({ href, ...props }: LinkComponentProps) {
  return (
    <a
      href={href}
      data-router-link=""
      onClick={(event) => {
        event.preventDefault();
        navigate(href);
      }}
      {...props}
    />
  );
}

export const WithRouterLink: Story = {
  decorators: [
    (Story) => (
      <LinkProvider component={RouterLink}>
        <Story />
      </LinkProvider>
    ),
  ],
  play: async ({ canvasElement }) => {
    navigate.mockClear();
    const link = within(canvasElement).getByRole('link', { name: 'Geräte' });
    await expect(link).toHaveAttribute('data-router-link');
    await userEvent.click(link);
    await expect(navigate).toHaveBeenCalledWith('/dashboard/devices');
  },
};

export const LongGermanText: Story = {
  args: {
    items: [
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Wiedergabelisten', href: '/dashboard/configurations' },
      { label: 'Biologie Jahrgangsstufe 9 – Zellaufbau und Stoffwechsel im menschlichen Körper' },
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '360px' }}>
        <Story />
      </div>
    ),
  ],
};

export const DefaultLightTheme: Story = { ...Default, globals: { theme: 'light' } };

/** Tab reaches each link in order; the current page (not a link) is skipped. Focus shows a ring. */
export const KeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const dashboard = canvas.getByRole('link', { name: 'Dashboard' });
    await expect(dashboard).toHaveFocus();
    await expect(getComputedStyle(dashboard).outlineStyle).not.toBe('none');
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Geräte' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvasElement.ownerDocument.activeElement).toBe(canvasElement.ownerDocument.body);
  },
};

/** Links under the mouse pointer (forced with `parameters.pseudo`) take the link hover colour. */
export const LinkHover: Story = {
  parameters: { pseudo: { hover: true } },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Brotkrümelnavigation' });
    for (const link of within(nav).getAllByRole('link')) {
      await expectToken(link, 'color', vars.color.linkHover);
    }
  },
};

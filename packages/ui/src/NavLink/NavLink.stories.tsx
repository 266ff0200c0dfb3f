import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
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

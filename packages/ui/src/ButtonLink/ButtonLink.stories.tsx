import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { expectToken } from '../testing/tokens';
import { vars } from '../theme/theme.css';
import { ButtonLink } from './ButtonLink';

const meta = {
  title: 'Actions/ButtonLink',
  component: ButtonLink,
  tags: ['autodocs'],
  args: { href: '/library/new', children: 'Inhalt erstellen' },
} satisfies Meta<typeof ButtonLink>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The orange call to action of a view, as a link. */
export const Primary: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Inhalt erstellen' });
    await expect(link).toHaveAttribute('href', '/library/new');
    await expectToken(link, 'backgroundColor', vars.color.ctaBackground);
  },
};

export const Secondary: Story = {
  args: { variant: 'secondary', children: 'Zur Mediathek', href: '/library' },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Zur Mediathek' });
    await expectToken(link, 'backgroundColor', vars.color.secondaryBackground);
  },
};

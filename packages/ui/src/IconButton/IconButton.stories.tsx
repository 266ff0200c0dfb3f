import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Inline } from '../Inline/Inline';
import { expectToken } from '../testing/tokens';
import { vars } from '../theme/theme.css';
import { IconButton } from './IconButton';

const trash = (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  </svg>
);

const meta = {
  title: 'Actions/IconButton',
  component: IconButton,
  tags: ['autodocs'],
  args: { label: 'Inhalt löschen', children: trash, onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['ghost', 'secondary', 'primary', 'danger'] },
    size: { control: 'inline-radio', options: ['small', 'medium', 'large'] },
  },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Inhalt löschen' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

export const Variants: Story = {
  render: (args) => (
    <Inline gap="small">
      <IconButton {...args} variant="ghost" size="small" />
      <IconButton {...args} variant="secondary" />
      <IconButton {...args} variant="primary" />
      <IconButton {...args} variant="danger" size="large" />
    </Inline>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('button', { name: 'Inhalt löschen' })).toHaveLength(4);
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Inhalt löschen' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Inhalt löschen' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toBeDisabled();
  },
};

export const LongGermanLabel: Story = {
  args: { label: 'Alle ausgewählten Inhalte endgültig aus der Bibliothek der Organisation löschen' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', {
        name: 'Alle ausgewählten Inhalte endgültig aus der Bibliothek der Organisation löschen',
      }),
    ).toBeVisible();
  },
};

export const VariantsLightTheme: Story = { ...Variants, globals: { theme: 'light' } };

/**
 * Every variant under the mouse pointer (forced with `parameters.pseudo`): the background takes the
 * variant's hover token, as Button's does; a disabled icon button does not change.
 */
export const Hover: Story = {
  parameters: { pseudo: { hover: true } },
  render: (args) => (
    <Inline gap="small">
      <IconButton {...args} variant="ghost" label="Ghost" />
      <IconButton {...args} variant="secondary" label="Secondary" />
      <IconButton {...args} variant="primary" label="Primary" />
      <IconButton {...args} variant="danger" label="Danger" />
      <IconButton {...args} variant="secondary" label="Gesperrt" disabled />
    </Inline>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const hover = {
      Ghost: vars.color.ghostBackgroundHover,
      Secondary: vars.color.secondaryBackgroundHover,
      Primary: vars.color.ctaBackgroundHover,
      Danger: vars.color.dangerBackgroundHover,
    };
    for (const [name, token] of Object.entries(hover)) {
      await expectToken(canvas.getByRole('button', { name }), 'backgroundColor', token);
    }
    await expectToken(
      canvas.getByRole('button', { name: 'Gesperrt' }),
      'backgroundColor',
      vars.color.secondaryBackground,
    );
  },
};

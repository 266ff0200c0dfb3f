import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { IconButton } from '../IconButton/IconButton';
import { Tooltip } from './Tooltip';

const syncIcon = (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="M20 12a8 8 0 0 1-14.3 4.9M4 12a8 8 0 0 1 14.3-4.9M18 3v4.5h-4.5M6 21v-4.5h4.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    />
  </svg>
);

const meta = {
  title: 'Overlays/Tooltip',
  component: Tooltip,
  tags: ['autodocs'],
  parameters: { docs: { story: { inline: false, iframeHeight: 160 } } },
  decorators: [
    (Story) => (
      <div style={{ padding: '48px 96px' }}>
        <Story />
      </div>
    ),
  ],
  args: {
    content: 'Alle VR-Brillen synchronisieren',
    children: <IconButton label="Synchronisieren">{syncIcon}</IconButton>,
  },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);

export const OnKeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Synchronisieren' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    const tip = await screen().findByRole('tooltip');
    await expect(tip).toHaveTextContent('Alle VR-Brillen synchronisieren');
    await expect(button).toHaveAccessibleDescription('Alle VR-Brillen synchronisieren');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen().queryByRole('tooltip')).not.toBeInTheDocument());
  },
};

export const OnHover: Story = {
  args: { delayDuration: 0 },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Synchronisieren' });
    await userEvent.hover(button);
    await expect(await screen().findByRole('tooltip')).toHaveTextContent('Alle VR-Brillen synchronisieren');
    await userEvent.unhover(button);
    await waitFor(() => expect(screen().queryByRole('tooltip')).not.toBeInTheDocument());
  },
};

export const Open: Story = {
  args: { open: true, side: 'bottom' },
  play: async () => {
    await expect(await screen().findByRole('tooltip')).toBeInTheDocument();
  },
};

export const LongGermanText: Story = {
  args: {
    open: true,
    content:
      'Überträgt die aktuelle Wiedergabeliste auf alle eingeschalteten VR-Brillen der Organisation, die mit dem WLAN verbunden sind.',
  },
  play: async () => {
    await expect(await screen().findByRole('tooltip')).toBeInTheDocument();
  },
};

export const OpenLightTheme: Story = { ...Open, globals: { theme: 'light' } };

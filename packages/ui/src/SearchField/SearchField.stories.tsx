import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { expectToken } from '../testing/tokens';
import { vars } from '../theme/theme.css';
import { SearchField } from './SearchField';

const meta = {
  title: 'Forms/SearchField',
  component: SearchField,
  tags: ['autodocs'],
  args: {
    label: 'Inhalte durchsuchen',
    clearLabel: 'Suche leeren',
    placeholder: 'Titel oder Stichwort',
    onValueChange: fn(),
  },
} satisfies Meta<typeof SearchField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TypeAndClear: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('searchbox', { name: 'Inhalte durchsuchen' });
    await expect(canvas.queryByRole('button', { name: 'Suche leeren' })).not.toBeInTheDocument();
    await userEvent.type(input, 'Vulkane');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('Vulkane');
    await userEvent.click(canvas.getByRole('button', { name: 'Suche leeren' }));
    await expect(input).toHaveValue('');
    await expect(input).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('');
  },
};

export const EscapeClears: Story = {
  args: { defaultValue: 'Römer' },
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('searchbox', { name: 'Inhalte durchsuchen' });
    await expect(input).toHaveValue('Römer');
    await userEvent.click(input);
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveValue('');
    await expect(args.onValueChange).toHaveBeenCalledWith('');
  },
};

/**
 * The clear button under the mouse pointer takes the raised surface as its background.
 * `parameters.pseudo` forces :hover (storybook-addon-pseudo-states), so the visual baseline shows it.
 */
export const Hover: Story = {
  args: { defaultValue: 'Vulkane' },
  parameters: { pseudo: { hover: true } },
  play: async ({ canvasElement }) => {
    const clear = within(canvasElement).getByRole('button', { name: 'Suche leeren' });
    await expectToken(clear, 'backgroundColor', vars.color.surfaceRaised);
  },
};

export const HiddenLabel: Story = {
  args: { hideLabel: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('searchbox', { name: 'Inhalte durchsuchen' })).toBeVisible();
    await expect(canvas.getByText('Inhalte durchsuchen')).toHaveStyle({ position: 'absolute', width: '1px' });
  },
};

export const WithError: Story = {
  args: { defaultValue: 'x', error: 'Bitte mindestens zwei Zeichen eingeben.' },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 'Vulkane' } };

export const LongGermanText: Story = {
  args: {
    label: 'Inhalte, Wiedergabelisten und VR-Brillen der gesamten Organisation durchsuchen',
    defaultValue: 'Unterwasserwelten des Großen Barriereriffs in dreihundertsechzig Grad',
    hint: 'Die Suche berücksichtigt Titel, Beschreibungen, Stichwörter und die Namen der Ersteller.',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '320px' }}>
        <Story />
      </div>
    ),
  ],
};

export const TypeAndClearLightTheme: Story = { ...TypeAndClear, globals: { theme: 'light' } };

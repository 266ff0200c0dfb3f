import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { EmptyState } from './EmptyState';

const onCreate = fn();

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  args: { title: 'Keine Inhalte gefunden' },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Keine Inhalte gefunden')).toBeVisible();
  },
};

export const WithAction: Story = {
  args: {
    description: 'Ändern Sie die Suche oder erstellen Sie einen neuen Inhalt.',
    action: <Button onClick={onCreate}>Inhalt erstellen</Button>,
  },
  play: async ({ canvasElement }) => {
    onCreate.mockClear();
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('Ändern Sie die Suche oder erstellen Sie einen neuen Inhalt.'),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Inhalt erstellen' }));
    await expect(onCreate).toHaveBeenCalledTimes(1);
  },
};

export const LongGermanText: Story = {
  args: {
    title: 'Für diese Organisation wurden noch keine VR-Brillen registriert',
    description:
      'Sobald eine VR-Brille mit dem Gerätemanagement verbunden ist, erscheint sie hier automatisch. Wenden Sie sich bei Fragen an Ihr Kreismedienzentrum.',
  },
};

export const WithActionLightTheme: Story = { ...WithAction, globals: { theme: 'light' } };

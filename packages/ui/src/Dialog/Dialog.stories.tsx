import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { TextField } from '../TextField/TextField';
import { Dialog } from './Dialog';

const onSave = fn();

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog.Root,
  subcomponents: {
    'Dialog.Trigger': Dialog.Trigger,
    'Dialog.Content': Dialog.Content,
    'Dialog.Title': Dialog.Title,
    'Dialog.Description': Dialog.Description,
    'Dialog.Close': Dialog.Close,
    'Dialog.Actions': Dialog.Actions,
  },
  tags: ['autodocs'],
  parameters: { docs: { story: { inline: false, iframeHeight: 420 } } },
  beforeEach: () => {
    onSave.mockClear();
  },
  render: (args) => (
    <Dialog.Root {...args}>
      <Dialog.Trigger asChild>
        <Button variant="secondary">Wiedergabeliste umbenennen</Button>
      </Dialog.Trigger>
      <Dialog.Content>
        <Dialog.Title>Wiedergabeliste umbenennen</Dialog.Title>
        <Dialog.Description>Der neue Name erscheint auf allen VR-Brillen.</Dialog.Description>
        <TextField label="Name" defaultValue="Geschichte 7b" />
        <Dialog.Actions>
          <Dialog.Close asChild>
            <Button variant="ghost">Abbrechen</Button>
          </Dialog.Close>
          <Button onClick={onSave}>Speichern</Button>
        </Dialog.Actions>
      </Dialog.Content>
    </Dialog.Root>
  ),
} satisfies Meta<typeof Dialog.Root>;

export default meta;
type Story = StoryObj<typeof meta>;

// Dialogs are portalled into <body>, outside the story's canvas.
const screen = () => within(document.body);

export const OpenAndClose: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Wiedergabeliste umbenennen' });
    await userEvent.click(trigger);
    const dialog = await screen().findByRole('dialog', { name: 'Wiedergabeliste umbenennen' });
    await expect(dialog).toHaveAccessibleDescription('Der neue Name erscheint auf allen VR-Brillen.');
    // Focus moves into the dialog, onto the first field.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Wiedergabeliste umbenennen' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await screen().findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
    await expect(onSave).not.toHaveBeenCalled();
  },
};

export const FocusIsTrapped: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Wiedergabeliste umbenennen' }));
    const dialog = await screen().findByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Speichern' })).toHaveFocus();
    // Past the last button focus wraps to the first field instead of leaving the dialog.
    await userEvent.tab();
    await expect(field).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen().queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  render: (args) => (
    <Dialog.Root {...args}>
      <Dialog.Content size="small">
        <Dialog.Title>Synchronisierung abgeschlossen</Dialog.Title>
        <Dialog.Description>Alle 12 VR-Brillen sind auf dem neuesten Stand.</Dialog.Description>
        <Dialog.Actions>
          <Dialog.Close asChild>
            <Button>OK</Button>
          </Dialog.Close>
        </Dialog.Actions>
      </Dialog.Content>
    </Dialog.Root>
  ),
  play: async () => {
    const dialog = await screen().findByRole('dialog', { name: 'Synchronisierung abgeschlossen' });
    // The dialog fades in.
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

export const LongGermanText: Story = {
  args: { defaultOpen: true },
  render: (args) => (
    <Dialog.Root {...args}>
      <Dialog.Content>
        <Dialog.Title>
          Wiedergabeliste „Geschichte der Römerzeit im Südwesten Deutschlands“ auf alle VR-Brillen übertragen
        </Dialog.Title>
        <Dialog.Description>
          Die Übertragung kann je nach Größe der Panoramavideos und Qualität der WLAN-Verbindung mehrere
          Minuten dauern. Während der Übertragung sollten die VR-Brillen eingeschaltet und geladen bleiben.
        </Dialog.Description>
        <Dialog.Actions>
          <Dialog.Close asChild>
            <Button variant="ghost">Später übertragen</Button>
          </Dialog.Close>
          <Button>Jetzt auf alle VR-Brillen übertragen</Button>
        </Dialog.Actions>
      </Dialog.Content>
    </Dialog.Root>
  ),
  play: async () => {
    const dialog = await screen().findByRole('dialog');
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

export const OpenLightTheme: Story = { ...Open, globals: { theme: 'light' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

/** Opens from a button and closes on cancel, like the app does. */
function WithTrigger(props: ConfirmDialogProps) {
  const [open, setOpen] = useState(props.open);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Inhalt löschen
      </Button>
      <ConfirmDialog
        {...props}
        open={open}
        onOpenChange={(next) => {
          props.onOpenChange(next);
          setOpen(next);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  tags: ['autodocs'],
  parameters: { docs: { story: { inline: false, iframeHeight: 360 } } },
  render: (args) => <WithTrigger {...args} />,
  args: {
    open: false,
    title: 'Inhalt löschen?',
    description: '„Vulkane 360°“ wird aus allen Wiedergabelisten entfernt.',
    confirmLabel: 'Löschen',
    cancelLabel: 'Abbrechen',
    tone: 'destructive',
    onOpenChange: fn(),
    onConfirm: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);

export const DestructiveFocusesCancel: Story = {
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Inhalt löschen' });
    await userEvent.click(trigger);
    const dialog = await screen().findByRole('alertdialog', { name: 'Inhalt löschen?' });
    await expect(dialog).toHaveAccessibleDescription(
      '„Vulkane 360°“ wird aus allen Wiedergabelisten entfernt.',
    );
    const cancel = within(dialog).getByRole('button', { name: 'Abbrechen' });
    await waitFor(() => expect(cancel).toHaveFocus());
    // A stray Enter cancels instead of deleting.
    await userEvent.keyboard('{Enter}');
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(screen().queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
  },
};

export const FocusTrapAndConfirm: Story = {
  args: { open: true },
  play: async ({ args }) => {
    const dialog = await screen().findByRole('alertdialog', { name: 'Inhalt löschen?' });
    const cancel = within(dialog).getByRole('button', { name: 'Abbrechen' });
    const confirm = within(dialog).getByRole('button', { name: 'Löschen' });
    await waitFor(() => expect(cancel).toHaveFocus());
    await userEvent.tab();
    await expect(confirm).toHaveFocus();
    await userEvent.tab();
    await expect(cancel).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(confirm).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

export const EscapeCancels: Story = {
  args: { open: true },
  play: async ({ args }) => {
    await screen().findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(screen().queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const Neutral: Story = {
  args: {
    open: true,
    tone: 'neutral',
    title: 'Synchronisierung starten?',
    description: '12 VR-Brillen erhalten die Wiedergabeliste „Geschichte 7b“.',
    confirmLabel: 'Starten',
  },
  play: async () => {
    const dialog = await screen().findByRole('alertdialog', { name: 'Synchronisierung starten?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Starten' })).toHaveFocus());
  },
};

export const Confirming: Story = {
  args: { open: true, confirming: true, confirmingLabel: 'Wird gelöscht' },
  play: async ({ args }) => {
    const dialog = await screen().findByRole('alertdialog');
    await expect(within(dialog).getByRole('button', { name: 'Löschen Wird gelöscht' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(screen().getByRole('alertdialog')).toBeInTheDocument();
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

export const LongGermanText: Story = {
  args: {
    open: true,
    title: 'Organisation „Kreismedienzentrum Rhein-Neckar-Kreis“ mit allen Nutzern endgültig löschen?',
    description:
      'Alle Inhalte, Wiedergabelisten und Gerätezuordnungen dieser Organisation werden unwiderruflich entfernt. Die VR-Brillen müssen anschließend neu eingerichtet werden.',
    confirmLabel: 'Organisation endgültig löschen',
  },
  play: async () => {
    const dialog = await screen().findByRole('alertdialog');
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

export const FocusTrapAndConfirmLightTheme: Story = { ...FocusTrapAndConfirm, globals: { theme: 'light' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { TermsDialog } from './TermsDialog';

const TITLE = 'Datenschutzerklärung & Nutzungsbedingungen';

const meta = {
  title: 'Overlays/TermsDialog',
  component: TermsDialog,
  tags: ['autodocs'],
  parameters: { docs: { story: { inline: false, iframeHeight: 520 } } },
  args: {
    open: true,
    title: TITLE,
    description:
      'Bitte lesen Sie die Nutzungsbedingungen und die Datenschutzerklärung. Sie können das VR-Portal erst nutzen, wenn Sie die Nutzungsbedingungen akzeptiert haben.',
    termsButtonLabel: 'Nutzungsbedingungen öffnen',
    privacyButtonLabel: 'Datenschutzerklärung öffnen',
    checkboxLabel: 'Ich habe die Nutzungsbedingungen gelesen und akzeptiere diese.',
    cancelLabel: 'Abbrechen',
    acceptLabel: 'Akzeptieren',
    onOpenTerms: fn(),
    onOpenPrivacy: fn(),
    onCancel: fn(),
    onAccept: fn(),
  },
} satisfies Meta<typeof TermsDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

// The dialog is portalled into <body>, outside the story's canvas.
const screen = () => within(document.body);

export const AcceptAfterTicking: Story = {
  play: async ({ args }) => {
    const dialog = await screen().findByRole('dialog', { name: TITLE });
    const inDialog = within(dialog);
    const accept = inDialog.getByRole('button', { name: 'Akzeptieren' });
    await expect(accept).toBeDisabled();
    await userEvent.click(accept);
    await expect(args.onAccept).not.toHaveBeenCalled();

    await userEvent.click(
      inDialog.getByRole('checkbox', {
        name: 'Ich habe die Nutzungsbedingungen gelesen und akzeptiere diese.',
      }),
    );
    await expect(accept).toBeEnabled();
    await userEvent.click(accept);
    await expect(args.onAccept).toHaveBeenCalledTimes(1);
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const OpensDocuments: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen().findByRole('dialog', { name: TITLE }));
    await userEvent.click(dialog.getByRole('button', { name: 'Nutzungsbedingungen öffnen' }));
    await expect(args.onOpenTerms).toHaveBeenCalledTimes(1);
    await userEvent.click(dialog.getByRole('button', { name: 'Datenschutzerklärung öffnen' }));
    await expect(args.onOpenPrivacy).toHaveBeenCalledTimes(1);
  },
};

export const EscapeAndOverlayDoNotClose: Story = {
  play: async ({ args }) => {
    const dialog = await screen().findByRole('dialog', { name: TITLE });
    await userEvent.keyboard('{Escape}');
    await expect(dialog).toBeInTheDocument();
    // The dialog fades in; wait until it is fully shown.
    await waitFor(() => expect(dialog).toBeVisible());

    // Whatever covers the top-left corner of the viewport is the overlay, outside the dialog.
    const outside = document.elementFromPoint(4, 4);
    await expect(outside).not.toBeNull();
    await expect(dialog.contains(outside)).toBe(false);
    if (outside) {
      fireEvent.pointerDown(outside);
      fireEvent.pointerUp(outside);
      fireEvent.click(outside);
    }
    await expect(screen().getByRole('dialog', { name: TITLE })).toBeVisible();
    await expect(args.onCancel).not.toHaveBeenCalled();
    await expect(args.onAccept).not.toHaveBeenCalled();
  },
};

export const CancelDeclines: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen().findByRole('dialog', { name: TITLE }));
    await userEvent.click(dialog.getByRole('button', { name: 'Abbrechen' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onAccept).not.toHaveBeenCalled();
  },
};

export const FocusStaysInside: Story = {
  play: async () => {
    const dialog = await screen().findByRole('dialog', { name: TITLE });
    // Tab through more stops than the dialog has; focus must never leave it.
    for (let step = 0; step < 8; step += 1) {
      await userEvent.tab();
      await expect(dialog.contains(document.activeElement)).toBe(true);
    }
  },
};

export const Accepting: Story = {
  args: { accepting: true },
  play: async ({ args }) => {
    const dialog = within(await screen().findByRole('dialog', { name: TITLE }));
    const accept = dialog.getByRole('button', { name: 'Akzeptieren' });
    await expect(accept).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(accept);
    await expect(args.onAccept).not.toHaveBeenCalled();
  },
};

export const Updated: Story = {
  args: {
    title: `Aktualisierte ${TITLE}`,
    description: (
      <>
        <p style={{ margin: '0 0 0.5em' }}>
          Wir haben unsere Nutzungsbedingungen und die Datenschutzerklärung überarbeitet, damit sie den
          aktuellen Anforderungen der Schulträger in Nordrhein-Westfalen entsprechen.
        </p>
        <p style={{ margin: 0 }}>
          Bitte lesen Sie beide Dokumente sorgfältig durch und bestätigen Sie anschließend, dass Sie die
          Nutzungsbedingungen akzeptieren. Ohne Ihre Zustimmung können Sie das VR-Portal nicht weiter
          verwenden.
        </p>
      </>
    ),
  },
  play: async () => {
    const dialog = await screen().findByRole('dialog', { name: `Aktualisierte ${TITLE}` });
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

export const Closed: Story = {
  args: { open: false },
  play: async () => {
    await expect(screen().queryByRole('dialog')).not.toBeInTheDocument();
  },
};

export const AcceptAfterTickingLightTheme: Story = { ...AcceptAfterTicking, globals: { theme: 'light' } };

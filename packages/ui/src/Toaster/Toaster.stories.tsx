import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Dialog } from '../Dialog/Dialog';
import { expectToken } from '../testing/tokens';
import { NARROW_SCREEN, narrowScreen } from '../testing/viewport';
import { vars } from '../theme/theme.css';
import { TOAST_DURATION_MS, Toaster, type ToasterProps, type ToastMessage } from './Toaster';

/** Keeps the toasts in state like the app does, so dismissing one removes it. */
function StatefulToaster({ toasts: initial, onDismiss, ...props }: ToasterProps) {
  const [toasts, setToasts] = useState<ToastMessage[]>(initial);
  return (
    <Toaster
      {...props}
      toasts={toasts}
      onDismiss={(id) => {
        onDismiss(id);
        setToasts((current) => current.filter((toast) => toast.id !== id));
      }}
    />
  );
}

const meta = {
  title: 'Feedback/Toaster',
  component: Toaster,
  tags: ['autodocs'],
  render: (args) => <StatefulToaster {...args} />,
  // Toasts are fixed to the viewport; each docs example gets its own frame so they do not pile up.
  parameters: { docs: { story: { inline: false, iframeHeight: 320 } } },
  args: {
    closeLabel: 'Schließen',
    regionLabel: 'Benachrichtigungen',
    onDismiss: fn(),
    toasts: [{ id: 'login', tone: 'success', title: 'Erfolgreich eingeloggt.' }],
  },
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Erfolgreich eingeloggt.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Schließen' }));
    await expect(args.onDismiss).toHaveBeenCalledWith('login');
    await waitFor(() => expect(canvas.queryByText('Erfolgreich eingeloggt.')).not.toBeInTheDocument());
  },
};

export const ErrorWithDescription: Story = {
  args: {
    toasts: [
      {
        id: 'locked',
        tone: 'error',
        title: 'Login gesperrt',
        description:
          'Aus Sicherheitsgründen ist der Login vorübergehend gesperrt. Bitte versuchen Sie es später erneut.',
      },
    ],
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Login gesperrt')).toBeVisible();
    await expect(
      canvas.getByText(
        'Aus Sicherheitsgründen ist der Login vorübergehend gesperrt. Bitte versuchen Sie es später erneut.',
      ),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Schließen' }));
    await expect(args.onDismiss).toHaveBeenCalledWith('locked');
    await waitFor(() => expect(canvas.queryByText('Login gesperrt')).not.toBeInTheDocument());
  },
};

export const Stacked: Story = {
  args: {
    toasts: [
      { id: '1', tone: 'success', title: 'Nutzungsbedingungen akzeptiert' },
      { id: '2', tone: 'warning', title: 'Sie werden ausgeloggt' },
      {
        id: '3',
        tone: 'info',
        title: 'Synchronisierung gestartet',
        description: '12 VR-Brillen werden aktualisiert.',
      },
      {
        id: '4',
        tone: 'error',
        title: 'Unbekannter Fehler',
        description: 'Bitte probieren Sie es später erneut.',
      },
    ],
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByRole('button', { name: 'Schließen' })).toHaveLength(4);
    const [, second] = canvas.getAllByRole('button', { name: 'Schließen' });
    if (second) await userEvent.click(second);
    await expect(args.onDismiss).toHaveBeenCalledWith('2');
    await waitFor(() => expect(canvas.getAllByRole('button', { name: 'Schließen' })).toHaveLength(3));
    await expect(canvas.getByText('Nutzungsbedingungen akzeptiert')).toBeVisible();
    await expect(canvas.queryByText('Sie werden ausgeloggt')).not.toBeInTheDocument();
  },
};

/** The toast and its close button are in the tab order; Enter closes it. */
export const KeyboardClose: Story = {
  args: { toasts: [{ id: 'kbd', tone: 'warning', title: 'Sie werden ausgeloggt' }] },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Sie werden ausgeloggt');
    const close = canvas.getByRole('button', { name: 'Schließen' });
    for (let step = 0; step < 4 && document.activeElement !== close; step += 1) await userEvent.tab();
    await expect(close).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDismiss).toHaveBeenCalledWith('kbd');
    await waitFor(() => expect(canvas.queryByText('Sie werden ausgeloggt')).not.toBeInTheDocument());
  },
};

/**
 * The close button under the mouse pointer takes the raised surface as its background.
 * `parameters.pseudo` forces :hover (storybook-addon-pseudo-states), so the visual baseline shows it.
 */
export const Hover: Story = {
  args: { toasts: [{ id: 'hover', tone: 'info', title: 'Synchronisierung gestartet' }] },
  parameters: { pseudo: { hover: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Synchronisierung gestartet');
    await expectToken(
      canvas.getByRole('button', { name: 'Schließen' }),
      'backgroundColor',
      vars.color.surfaceRaised,
    );
  },
};

export const Empty: Story = {
  args: { toasts: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Schließen' })).not.toBeInTheDocument();
  },
};

export const LongGermanText: Story = {
  args: {
    toasts: [
      {
        id: 'long',
        tone: 'error',
        title: 'Unbekannter Fehler',
        description:
          'Bitte probieren Sie es später erneut oder melden Sie sich beim Support des Kreismedienzentrums, falls das Problem bei der Übertragung der Wiedergabeliste auf die VR-Brillen weiterhin besteht.',
      },
    ],
  },
};

export const StackedLightTheme: Story = { ...Stacked, globals: { theme: 'light' } };

export const ClosesItselfAfterFiveSeconds: Story = {
  args: { toasts: [{ id: 'auto', tone: 'info', title: 'Synchronisierung gestartet' }] },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Synchronisierung gestartet')).toBeVisible();
    const shownAt = performance.now();
    await waitFor(() => expect(args.onDismiss).toHaveBeenCalledWith('auto'), {
      timeout: TOAST_DURATION_MS + 2000,
    });
    // Not before its time: the spec gives every toast five seconds (§9; this is the constant's one home).
    await expect(TOAST_DURATION_MS).toBe(5000);
    await expect(performance.now() - shownAt).toBeGreaterThanOrEqual(TOAST_DURATION_MS - 250);
    await waitFor(() => expect(canvas.queryByText('Synchronisierung gestartet')).not.toBeInTheDocument());
  },
};

/** A toast with an action ('Rückgängig'): pressing it runs the action and closes the toast. */
export const WithAction: Story = {
  args: {
    toasts: [
      {
        id: 'removed',
        tone: 'success',
        title: 'Aus der Wiedergabeliste entfernt',
        description: '„Korallenriff“ ist nicht mehr in der Wiedergabeliste.',
        action: {
          label: 'Rückgängig',
          altText: 'Über „Inhalt hinzufügen“ kommt „Korallenriff“ wieder in die Wiedergabeliste.',
          onAction: fn(),
        },
      },
    ],
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const undo = await canvas.findByRole('button', { name: 'Rückgängig' });
    await userEvent.click(undo);
    await expect(args.toasts[0]?.action?.onAction).toHaveBeenCalledTimes(1);
    await expect(args.onDismiss).toHaveBeenCalledWith('removed');
    await waitFor(() =>
      expect(canvas.queryByText('Aus der Wiedergabeliste entfernt')).not.toBeInTheDocument(),
    );
  },
};

/**
 * The region sits at the bottom of the window, where no page heading is: a heading at the top stays uncovered. On a
 * phone it spans the bottom.
 */
export const NarrowScreenAtTheBottom: Story = {
  tags: ['viewport-narrow'],
  ...narrowScreen,
  render: (args) => (
    <>
      <h1 style={{ margin: 0, paddingTop: '76px' }}>Donaudampfschifffahrtsgesellschaft</h1>
      <StatefulToaster {...args} />
    </>
  ),
  args: {
    toasts: [
      {
        id: 'sync',
        tone: 'info',
        title: 'Synchronisierung gestartet',
        description: '12 VR-Brillen werden aktualisiert.',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(NARROW_SCREEN.width);
    const canvas = within(canvasElement);
    const toast = (await canvas.findByText('Synchronisierung gestartet')).closest('li');
    // Once it has risen in from below the window's edge.
    await waitFor(() =>
      expect(toast?.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight),
    );
    const box = toast?.getBoundingClientRect();
    const heading = canvas.getByRole('heading', { level: 1 }).getBoundingClientRect();
    await expect(box?.top).toBeGreaterThan(heading.bottom);
    await expect(box?.width).toBeGreaterThan(NARROW_SCREEN.width - 40);
  },
};

/**
 * While a modal dialog is open the toasts wait (they would cover it, and the modal hides them from screen readers);
 * closing it brings them up with their full five seconds.
 */
export const WaitsWhileADialogIsOpen: Story = {
  render: function Render(args) {
    const [open, setOpen] = useState(true);
    return (
      <>
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Content>
            <Dialog.Title>Nutzungsbedingungen</Dialog.Title>
            <Dialog.Description>Bitte lesen Sie die Bedingungen.</Dialog.Description>
            <Dialog.Actions>
              <Dialog.Close asChild>
                <Button>Schließen und weiter</Button>
              </Dialog.Close>
            </Dialog.Actions>
          </Dialog.Content>
        </Dialog.Root>
        <StatefulToaster {...args} />
      </>
    );
  },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Nutzungsbedingungen' });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(body.queryByText('Erfolgreich eingeloggt.')).not.toBeInTheDocument();
    await userEvent.click(body.getByRole('button', { name: 'Schließen und weiter' }));
    await expect(await body.findByText('Erfolgreich eingeloggt.')).toBeVisible();
  },
};

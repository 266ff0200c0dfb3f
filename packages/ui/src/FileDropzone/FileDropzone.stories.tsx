import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ProgressBar } from '../ProgressBar/ProgressBar';
import { expectToken } from '../testing/tokens';
import { vars } from '../theme/theme.css';
import { FileDropzone } from './FileDropzone';

/** Example rule: letters, digits, '-', '_' and one extension (the app passes its real rule). */
const validateFileName = (name: string) =>
  /^[A-Za-z0-9_-]+\.[A-Za-z0-9]+$/.test(name)
    ? undefined
    : `„${name}“: Nur Buchstaben, Ziffern, Bindestriche und Unterstriche sind erlaubt.`;

const meta = {
  title: 'Forms/FileDropzone',
  component: FileDropzone,
  tags: ['autodocs'],
  args: {
    label: 'Inhalt hochladen',
    hint: 'MP4 oder JPG, höchstens 4 GB.',
    buttonLabel: 'Datei auswählen',
    dropLabel: 'oder Datei hierher ziehen',
    dropActiveLabel: 'Zum Hochladen loslassen',
    accept: 'video/mp4,image/jpeg',
    validateFileName,
    onFiles: fn(),
    onReject: fn(),
  },
} satisfies Meta<typeof FileDropzone>;

export default meta;
type Story = StoryObj<typeof meta>;

const fileInput = (canvasElement: HTMLElement) => {
  const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};

/** Dispatches a real DragEvent carrying the files, as Chromium does when files are dragged in. */
const drag = (target: Element, type: 'dragenter' | 'dragover' | 'drop', files: File[] = []) => {
  const dataTransfer = new DataTransfer();
  for (const file of files) dataTransfer.items.add(file);
  target.dispatchEvent(new DragEvent(type, { dataTransfer, bubbles: true, cancelable: true }));
};

const drop = (target: Element, files: File[]) => {
  drag(target, 'dragenter', files);
  drag(target, 'dragover', files);
  drag(target, 'drop', files);
};

export const PickWithButton: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const zone = canvas.getByRole('group', { name: 'Inhalt hochladen' });
    const button = within(zone).getByRole('button', { name: 'Datei auswählen' });
    await expect(button).toHaveAccessibleDescription('MP4 oder JPG, höchstens 4 GB.');
    // Only the button carries the hint, so screen readers read it once.
    await expect(zone).not.toHaveAttribute('aria-describedby');
    const file = new File(['x'], 'vulkane_360.mp4', { type: 'video/mp4' });
    await userEvent.upload(fileInput(canvasElement), file);
    await expect(args.onFiles).toHaveBeenCalledWith([file]);
    await expect(args.onReject).not.toHaveBeenCalled();
  },
};

export const DropAndRejectName: Story = {
  args: { multiple: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const zone = canvas.getByRole('group', { name: 'Inhalt hochladen' });
    const good = new File(['x'], 'roemer.jpg', { type: 'image/jpeg' });
    const bad = new File(['x'], 'Römer Forum.jpg', { type: 'image/jpeg' });
    drag(zone, 'dragenter');
    await waitFor(() => expect(canvas.getByText('Zum Hochladen loslassen')).toBeVisible());
    drop(zone, [good, bad]);
    await waitFor(() => expect(args.onFiles).toHaveBeenCalled());
    await expect(args.onFiles).toHaveBeenCalledWith([good]);
    await expect(args.onReject).toHaveBeenCalledWith([
      { file: bad, message: expect.stringContaining('Römer Forum.jpg') },
    ]);
    const button = within(zone).getByRole('button', { name: 'Datei auswählen' });
    await expect(button).toHaveAccessibleDescription(
      'MP4 oder JPG, höchstens 4 GB. „Römer Forum.jpg“: Nur Buchstaben, Ziffern, Bindestriche und Unterstriche sind erlaubt.',
    );
    await expect(zone).not.toHaveAttribute('aria-describedby');
    await expect(canvas.getByText('oder Datei hierher ziehen')).toBeVisible();
  },
};

export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = fileInput(canvasElement);
    const opened = new Promise<void>((resolve) => {
      input.addEventListener('click', (event) => {
        event.preventDefault();
        resolve();
      });
    });
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Datei auswählen' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await opened;
  },
};

export const WithError: Story = {
  args: { error: 'Der Upload ist fehlgeschlagen. Bitte versuchen Sie es erneut.' },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Datei auswählen' })).toBeDisabled();
    drop(canvas.getByRole('group', { name: 'Inhalt hochladen' }), [new File(['x'], 'a.jpg')]);
    await expect(args.onFiles).not.toHaveBeenCalled();
  },
};

export const LongGermanText: Story = {
  args: {
    label: 'Panoramafotos und 360-Grad-Videos für die Wiedergabeliste hochladen',
    hint: 'Erlaubt sind MP4-Videos bis vier Gigabyte und JPG-Bilder bis fünfzig Megabyte je Datei.',
    buttonLabel: 'Dateien von diesem Computer auswählen',
    dropLabel: 'oder ziehen Sie die Dateien einfach aus dem Dateimanager in diesen Bereich',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '360px' }}>
        <Story />
      </div>
    ),
  ],
};

export const WithErrorLightTheme: Story = { ...WithError, globals: { theme: 'light' } };

/** Files dragged over the zone: the border and background change and the text says to let go. */
export const DragOver: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const zone = canvas.getByRole('group', { name: 'Inhalt hochladen' });
    drag(zone, 'dragenter', [new File(['x'], 'vulkane_360.mp4', { type: 'video/mp4' })]);
    await waitFor(() => expect(canvas.getByText('Zum Hochladen loslassen')).toBeVisible());
    await expect(canvas.queryByText('oder Datei hierher ziehen')).not.toBeInTheDocument();
    await expect(zone).toHaveAttribute('data-dragging', 'true');
    await expectToken(zone, 'borderColor', vars.color.controlChecked);
    await expectToken(zone, 'backgroundColor', vars.color.surfaceRaised);
  },
};

/**
 * An upload is running: the zone is aria-busy, its button shows a spinner and says so to screen readers,
 * the progress shows inside the zone, and neither a drop nor the button takes another file.
 */
export const Uploading: Story = {
  args: {
    busy: true,
    busyLabel: 'Wird hochgeladen',
    progress: <ProgressBar label="vulkane_360.mp4" value={45} valueText="45 %" />,
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const zone = canvas.getByRole('group', { name: 'Inhalt hochladen' });
    await expect(zone).toHaveAttribute('aria-busy', 'true');
    const button = within(zone).getByRole('button', { name: 'Datei auswählen Wird hochgeladen' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toBeDisabled();
    await expect(within(zone).getByRole('progressbar', { name: 'vulkane_360.mp4' })).toHaveAttribute(
      'aria-valuenow',
      '45',
    );
    drop(zone, [new File(['x'], 'roemer.jpg', { type: 'image/jpeg' })]);
    await expect(canvas.queryByText('Zum Hochladen loslassen')).not.toBeInTheDocument();
    await expect(args.onFiles).not.toHaveBeenCalled();
  },
};

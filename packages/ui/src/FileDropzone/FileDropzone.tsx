import { type DragEvent, type InputHTMLAttributes, type ReactNode, useRef, useState } from 'react';
import { Button } from '../Button/Button';
import { FormField } from '../FormField/FormField';
import * as styles from './FileDropzone.css';

/** A file the zone turned away, with the message the app's rule gave for it. */
export interface FileRejection {
  file: File;
  message: string;
}

export interface FileDropzoneProps {
  /** What to drop, e.g. 'Inhalt hochladen'; the zone's accessible name. */
  label: string;
  /** E.g. 'MP4 oder JPG, höchstens 4 GB.' */
  hint?: string;
  /** Text on the button that opens the file picker, e.g. 'Datei auswählen'. */
  buttonLabel: string;
  /** Text inside the zone, e.g. 'oder Datei hierher ziehen'. */
  dropLabel: string;
  /** File types the picker offers, as in `<input accept>`. */
  accept?: InputHTMLAttributes<HTMLInputElement>['accept'];
  multiple?: boolean;
  disabled?: boolean;
  /**
   * The app's file-name rule: return a message for a name that breaks it, or undefined when it is fine.
   * Rejected files are not passed to onFiles; their messages show below the zone.
   * @example <FileDropzone validateFileName={(name) => (isValidName(name) ? undefined : t('badName', { name }))} />
   */
  validateFileName?: (fileName: string) => string | undefined;
  /** Called with the accepted files of each drop or pick (never with an empty list). */
  onFiles: (files: File[]) => void;
  /** Called with the files validateFileName turned away. */
  onReject?: (rejections: FileRejection[]) => void;
  /** An error from outside (e.g. the upload failed); shown like the rule's messages. */
  error?: string;
  /** Shown while a drag is over the zone, instead of dropLabel (e.g. 'Zum Hochladen loslassen'). */
  dropActiveLabel?: string;
  /**
   * An upload of the taken files is running: the zone is marked aria-busy and takes no further files,
   * and its button shows a spinner (as Button's `loading`) followed by `busyLabel` for screen readers.
   * @example <FileDropzone busy={upload.isPending} busyLabel={t('uploading')} progress={<ProgressBar … />} />
   */
  busy?: boolean;
  /** Read after the button text while `busy` (e.g. 'Wird hochgeladen'). */
  busyLabel?: string;
  /** Shown inside the zone below the drop text, typically a ProgressBar of the running upload. */
  progress?: ReactNode;
  id?: string;
  className?: string;
}

/**
 * Takes files by drag and drop or through a button (the keyboard and screen-reader path), checks their
 * names with the app's rule and reports the accepted ones.
 */
export function FileDropzone({
  label,
  hint,
  buttonLabel,
  dropLabel,
  dropActiveLabel,
  busy = false,
  busyLabel,
  progress,
  accept,
  multiple = false,
  disabled = false,
  validateFileName,
  onFiles,
  onReject,
  error,
  id,
  className,
}: FileDropzoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [rejections, setRejections] = useState<FileRejection[]>([]);

  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []).slice(0, multiple ? undefined : 1);
    if (files.length === 0) return;
    const rejected: FileRejection[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      const message = validateFileName?.(file.name);
      if (message) rejected.push({ file, message });
      else accepted.push(file);
    }
    setRejections(rejected);
    if (rejected.length > 0) onReject?.(rejected);
    if (accepted.length > 0) onFiles(accepted);
  };

  const blocked = disabled || busy;

  const onDragOver = (event: DragEvent<HTMLFieldSetElement>) => {
    if (blocked) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const onDrop = (event: DragEvent<HTMLFieldSetElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!blocked) take(event.dataTransfer.files);
  };

  let message: ReactNode;
  if (rejections.length === 1) message = rejections[0]?.message;
  else if (rejections.length > 1) {
    message = (
      <ul className={styles.rejections}>
        {rejections.map((rejection) => (
          <li key={rejection.file.name}>{rejection.message}</li>
        ))}
      </ul>
    );
  }
  const shownError = message ?? (error || undefined);

  return (
    <FormField label={label} hint={hint} error={shownError} id={id} labelElement="span" className={className}>
      {(control, ids) => (
        // Dropping is a pointer shortcut; the button inside is the keyboard and screen-reader path.
        // The hint and error describe the button only: on the fieldset too, screen readers read them twice.
        <fieldset
          aria-labelledby={ids.labelId}
          className={styles.zone}
          data-dragging={dragging}
          data-invalid={shownError !== undefined}
          data-disabled={disabled}
          aria-busy={busy || undefined}
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={onDrop}
        >
          <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <Button
            type="button"
            variant="secondary"
            disabled={disabled}
            loading={busy}
            loadingLabel={busyLabel}
            aria-describedby={control['aria-describedby']}
            onClick={() => inputRef.current?.click()}
          >
            {buttonLabel}
          </Button>
          <p className={styles.dropText}>{dragging && dropActiveLabel ? dropActiveLabel : dropLabel}</p>
          {progress ? <div className={styles.progress}>{progress}</div> : null}
          <input
            ref={inputRef}
            id={ids.controlId}
            type="file"
            className={styles.input}
            accept={accept}
            multiple={multiple}
            disabled={blocked}
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              take(event.target.files);
              // Picking the same file again after fixing its name must fire change again.
              event.target.value = '';
            }}
          />
        </fieldset>
      )}
    </FormField>
  );
}

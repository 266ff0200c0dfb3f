import {
  createLocalStorageResumeStore,
  discardResumableUpload,
  isAbortError,
  resumeKey,
  UploadInterruptedError,
  type UploadProgress,
  type UploadResumeState,
  type UploadTarget,
  uploadMultipart,
} from '@portal/api';
import { formatBytes, formatDuration } from '@portal/domain';
import { Alert, Button, FileDropzone, Inline, ProgressBar, Stack, Text } from '@portal/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from './api.ts';
import { fileNameProblem, uploadErrorText } from './uploadErrors.ts';

/** Resume state survives a reload under this prefix (and goes with every other 'vr-portal.' key at logout). */
export const resumeStore = createLocalStorageResumeStore('vr-portal.upload.');

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: UploadProgress | null; fileName: string }
  | { kind: 'done' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: unknown };

function percentOf(uploaded: number, total: number): number {
  return total > 0 ? Math.floor((uploaded / total) * 100) : 0;
}

/** Share of a stored upload already on the server, for the resume hint. */
function storedPercent(state: UploadResumeState): number {
  const lastPart = Math.ceil(state.file.size / state.partSize);
  const bytes = state.parts.reduce(
    (sum, part) =>
      sum +
      (part.partNumber === lastPart ? state.file.size - (lastPart - 1) * state.partSize : state.partSize),
    0,
  );
  return percentOf(bytes, state.file.size);
}

function ProgressView({ progress }: { progress: UploadProgress | null }) {
  const { t } = useTranslation();
  const uploaded = progress?.uploadedBytes ?? 0;
  const total = progress?.totalBytes ?? 0;
  const percent = percentOf(uploaded, total);
  return (
    <Stack gap="xsmall">
      <ProgressBar
        label={t('upload.progressLabel')}
        value={percent}
        valueText={t('upload.percent', { percent })}
      />
      <Text size="small">
        {t('upload.progress', {
          uploaded: formatBytes(uploaded) ?? '0 B',
          total: formatBytes(total) ?? '0 B',
          percent,
        })}
      </Text>
      <Text size="small" tone="muted">
        {progress && progress.bytesPerSecond > 0
          ? `${t('upload.speed', { speed: formatBytes(progress.bytesPerSecond) })} · ${
              progress.remainingSeconds === null
                ? t('upload.remainingUnknown')
                : t('upload.remaining', { time: formatDuration(progress.remainingSeconds) })
            }`
          : t('upload.remainingUnknown')}
      </Text>
    </Stack>
  );
}

export interface MultipartUploadProps {
  /** The content item or operating system image the file belongs to. */
  target: UploadTarget;
  /** Bytes of the file stored now, null while there is none. */
  fileSize: number | null;
  /** The page's words: the drop zone's label, the stored file ('Aktuelle Datei: 1,20 GB'), none yet, who may upload. */
  texts: { zoneLabel: string; current: (size: string) => string; none: string; forbidden: string };
  /** After the file is stored: what the page's data makes stale. */
  onStored: () => Promise<unknown>;
  /** Tells the page whether an upload runs, so its one leave guard asks before the page is left. */
  onUploadingChange: (uploading: boolean) => void;
}

/**
 * A file through @portal/api's multipart engine (the Mediathek's content file, an operating system image), which
 * drives the raw client itself (the portal README names this exception to the rule that components use their
 * feature's query module): parallel parts with progress, speed and time left, automatic retries, 'Abbrechen' aborts on
 * the server, and an interrupted upload resumes after a reload once the user picks the same file again (the browser
 * cannot reopen a file by itself). Leaving the page (after the question) only interrupts it: the parts stay on the
 * server and the resume state is kept, as after a reload.
 */
export function MultipartUpload({
  target,
  fileSize,
  texts,
  onStored,
  onUploadingChange,
}: MultipartUploadProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [pending, setPending] = useState<UploadResumeState | null>(null);
  /** 'Abbrechen': the upload is cancelled and deleted on the server. */
  const controller = useRef<AbortController | null>(null);
  /** Leaving the page: sending stops, the upload stays resumable. */
  const interrupter = useRef<AbortController | null>(null);
  const key = resumeKey(target);

  useEffect(() => {
    setPending(resumeStore.load(key) as UploadResumeState | null);
    return () => interrupter.current?.abort();
  }, [key]);

  const start = async (file: File) => {
    const abort = new AbortController();
    const interrupt = new AbortController();
    controller.current = abort;
    interrupter.current = interrupt;
    setPhase({ kind: 'uploading', progress: null, fileName: file.name });
    try {
      await uploadMultipart({
        client: apiClient,
        target,
        file,
        resumeStore,
        signal: abort.signal,
        interruptSignal: interrupt.signal,
        onProgress: (progress) => setPhase({ kind: 'uploading', progress, fileName: file.name }),
      });
      setPending(null);
      setPhase({ kind: 'done' });
      await onStored();
    } catch (error) {
      if (error instanceof UploadInterruptedError) {
        // The page is being left; the next visit offers to resume.
      } else if (isAbortError(error)) {
        setPending(null);
        setPhase({ kind: 'cancelled' });
      } else {
        // A failed upload keeps its resume state: choosing the file again sends only the missing parts.
        setPending(resumeStore.load(key) as UploadResumeState | null);
        setPhase({ kind: 'failed', error });
      }
    } finally {
      controller.current = null;
      interrupter.current = null;
    }
  };

  const discard = async () => {
    await discardResumableUpload({ client: apiClient, target, resumeStore });
    setPending(null);
  };

  const uploading = phase.kind === 'uploading';
  useEffect(() => onUploadingChange(uploading), [uploading, onUploadingChange]);
  return (
    <Stack gap="small">
      <Text tone="muted">{fileSize !== null ? texts.current(formatBytes(fileSize) ?? '') : texts.none}</Text>
      {pending && !uploading && (
        <Alert tone="info" announce="polite">
          <Stack gap="xsmall">
            <Text>
              {t('upload.resumeHint', { name: pending.file.name, percent: storedPercent(pending) })}
            </Text>
            <Inline>
              <Button type="button" variant="ghost" size="small" onClick={() => void discard()}>
                {t('upload.resumeDiscard')}
              </Button>
            </Inline>
          </Stack>
        </Alert>
      )}
      {!uploading && (
        <FileDropzone
          label={texts.zoneLabel}
          buttonLabel={t('upload.choose')}
          dropLabel={t('upload.drop')}
          dropActiveLabel={t('upload.dropActive')}
          validateFileName={(name) => fileNameProblem(t, name)}
          // The zone now shows why the new file was refused; an older upload's message would contradict it.
          onReject={() => setPhase({ kind: 'idle' })}
          onFiles={([file]) => {
            if (file) void start(file);
          }}
        />
      )}
      {uploading && (
        <Stack gap="small">
          <Text>{phase.fileName}</Text>
          <ProgressView progress={phase.progress} />
          <Inline>
            <Button type="button" variant="secondary" onClick={() => controller.current?.abort()}>
              {t('upload.cancel')}
            </Button>
          </Inline>
        </Stack>
      )}
      {phase.kind === 'done' && (
        <Alert tone="success" announce="polite">
          {t('upload.done')}
        </Alert>
      )}
      {phase.kind === 'cancelled' && (
        <Alert tone="info" announce="polite">
          {t('upload.cancelled')}
        </Alert>
      )}
      {phase.kind === 'failed' && (
        <Alert tone="critical" announce="assertive">
          {uploadErrorText(t, phase.error, texts.forbidden)}
        </Alert>
      )}
    </Stack>
  );
}

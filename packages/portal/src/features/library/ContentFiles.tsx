import type { components } from '@portal/api';
import { formatBytes, isValidFileName } from '@portal/domain';
import { Box, Button, Inline, Stack, Text } from '@portal/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api.ts';

type StoredFile = components['schemas']['StoredFile'];
type FileKind = 'preview' | 'document';

const paths = {
  preview: '/api/v1/cms/preview-files/',
  document: '/api/v1/cms/document-files/',
} as const;

type FileErrorKey = 'files.uploadFailed' | 'files.notAnImage' | 'files.tooLarge' | 'form.errors.fileName';

/** Sends one file as multipart/form-data; the typed body is replaced by the FormData itself. */
async function uploadStoredFile(kind: FileKind, file: File): Promise<StoredFile | FileErrorKey> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data, response } = await apiClient.POST(paths[kind], {
    body: { file: '' },
    bodySerializer: () => form,
  });
  if (data) return data;
  if (response.status === 413) return 'files.tooLarge';
  if (response.status === 400 && kind === 'preview') return 'files.notAnImage';
  return 'files.uploadFailed';
}

/** Deletes a file uploaded in this form that the user removed again; best effort (the server cleans up too). */
export async function deleteStoredFile(kind: FileKind, id: number): Promise<void> {
  const path = kind === 'preview' ? '/api/v1/cms/preview-files/{id}/' : '/api/v1/cms/document-files/{id}/';
  try {
    await apiClient.DELETE(path, { params: { path: { id } } });
  } catch {
    // unreachable server: an orphaned file is harmless
  }
}

function FilePicker({
  label,
  accept,
  busy,
  onFile,
}: {
  label: string;
  accept?: string;
  busy: boolean;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation('library');
  const id = useId();
  return (
    <Stack gap="xsmall">
      <label htmlFor={id}>
        <Text as="span" weight="semibold">
          {label}
        </Text>
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={busy}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
      {busy && <Text tone="muted">{t('files.uploading')}</Text>}
    </Stack>
  );
}

export interface PreviewValue {
  /** Set when the image was uploaded in this form (then previewImageId must be sent). */
  id: number | null;
  url: string;
}

/** Preview image: upload (checked by the server to be an image), show, remove. */
export function PreviewField({
  value,
  onChange,
}: {
  value: PreviewValue | null;
  onChange: (value: PreviewValue | null) => void;
}) {
  const { t } = useTranslation('library');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FileErrorKey | null>(null);
  const pick = async (file: File) => {
    setError(null);
    if (!isValidFileName(file.name)) {
      setError('form.errors.fileName');
      return;
    }
    setBusy(true);
    try {
      const result = await uploadStoredFile('preview', file);
      if (typeof result === 'string') setError(result);
      else {
        if (value?.id) void deleteStoredFile('preview', value.id);
        onChange({ id: result.id, url: result.file });
      }
    } catch {
      setError('files.uploadFailed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="small">
      <Text weight="semibold">{t('files.preview')}</Text>
      {value && (
        <Inline gap="small" alignY="center">
          <img
            src={value.url}
            alt={t('files.preview')}
            width={160}
            height={90}
            style={{ objectFit: 'cover', borderRadius: '6px' }}
          />
          <Button
            variant="ghost"
            size="small"
            onClick={() => {
              if (value.id) void deleteStoredFile('preview', value.id);
              onChange(null);
            }}
          >
            {t('files.previewRemove')}
          </Button>
        </Inline>
      )}
      <FilePicker
        label={t('files.previewChoose')}
        accept="image/png,image/jpeg,image/webp"
        busy={busy}
        onFile={(file) => void pick(file)}
      />
      <Text size="small" tone="muted">
        {t('files.previewHint')}
      </Text>
      {error && (
        <div role="alert">
          <Text tone="critical">{t(error)}</Text>
        </div>
      )}
    </Stack>
  );
}

/** Documents (e.g. worksheets): upload several, remove any. `added` are the ids uploaded in this form. */
export function DocumentsField({
  files,
  onChange,
}: {
  files: StoredFile[];
  onChange: (files: StoredFile[]) => void;
}) {
  const { t } = useTranslation('library');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FileErrorKey | null>(null);
  const pick = async (file: File) => {
    setError(null);
    if (!isValidFileName(file.name)) {
      setError('form.errors.fileName');
      return;
    }
    setBusy(true);
    try {
      const result = await uploadStoredFile('document', file);
      if (typeof result === 'string') setError(result);
      else onChange([...files, result]);
    } catch {
      setError('files.uploadFailed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="small">
      <Text weight="semibold">{t('files.documents')}</Text>
      {files.length > 0 && (
        <Box as="ul" display="flex" flexDirection="column" gap="xsmall">
          {files.map((file) => (
            <li key={file.id}>
              <Inline gap="small" alignY="center">
                <Text as="span">
                  {file.fileName} ({formatBytes(file.fileSize)})
                </Text>
                <Button
                  variant="ghost"
                  size="small"
                  onClick={() => onChange(files.filter((f) => f.id !== file.id))}
                >
                  {t('files.documentRemove', { name: file.fileName })}
                </Button>
              </Inline>
            </li>
          ))}
        </Box>
      )}
      <FilePicker label={t('files.documentsChoose')} busy={busy} onFile={(file) => void pick(file)} />
      {error && (
        <div role="alert">
          <Text tone="critical">{t(error)}</Text>
        </div>
      )}
    </Stack>
  );
}

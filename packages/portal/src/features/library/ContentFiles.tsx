import type { components } from '@portal/api';
import { formatBytes } from '@portal/domain';
import { Alert, Box, Button, FileDropzone, Inline, ProgressBar, Stack, sprinkles, Text } from '@portal/ui';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { fileNameProblem } from '../../lib/uploadErrors.ts';
import type { PreviewValue } from './contentForm.ts';
import { deleteStoredFile, type StoredFileKind, useUploadStoredFile } from './libraryQueries.ts';
import { storedFileErrorText } from './storedFileErrors.ts';

type StoredFile = components['schemas']['StoredFile'];

/** Upload state of one stored-file field: busy while sending, the message of the last failure. */
function useStoredFileUpload(kind: StoredFileKind, onStored: (file: StoredFile) => void) {
  const { t } = useTranslation('library');
  const { t: common } = useTranslation();
  const upload = useUploadStoredFile(kind, { onSuccess: onStored });
  return {
    busy: upload.isPending,
    // Worded while rendering, so a language switch translates the message again.
    failure: upload.isError ? storedFileErrorText(t, common, kind, upload.error) : null,
    upload: (file: File) => upload.mutate(file),
  };
}

/** The parts every stored-file field shares: the drop zone with the file-name rule, progress, failure. */
function StoredFileZone({
  label,
  buttonLabel,
  hint,
  accept,
  error,
  busy,
  failure,
  onFile,
}: {
  label: string;
  buttonLabel: string;
  hint?: string;
  accept?: string;
  /** A server field error of the whole form (e.g. the file no longer exists). */
  error?: string;
  busy: boolean;
  failure: string | null;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation('library');
  const { t: common } = useTranslation();
  return (
    <Stack gap="small">
      <FileDropzone
        label={label}
        hint={hint}
        buttonLabel={buttonLabel}
        dropLabel={common('upload.drop')}
        dropActiveLabel={common('upload.dropActive')}
        accept={accept}
        disabled={busy}
        validateFileName={(name) => fileNameProblem(common, name)}
        error={error}
        onFiles={([file]) => {
          if (file) onFile(file);
        }}
      />
      {busy && <ProgressBar label={t('files.uploading')} />}
      {failure && (
        <Alert tone="critical" announce="assertive">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}

/** Preview image: upload (checked by the server to be an image), show, remove. */
export function PreviewField({
  value,
  error,
  onChange,
}: {
  value: PreviewValue | null;
  error?: string;
  onChange: (value: PreviewValue | null) => void;
}) {
  const { t } = useTranslation('library');
  const { busy, failure, upload } = useStoredFileUpload('preview', (stored) => {
    if (value?.id) void deleteStoredFile('preview', value.id);
    onChange({ id: stored.id, url: stored.file });
  });
  return (
    <Stack gap="small">
      <StoredFileZone
        label={t('files.preview')}
        buttonLabel={t('files.previewChoose')}
        hint={t('files.previewHint')}
        accept="image/png,image/jpeg,image/webp,image/gif"
        error={error}
        busy={busy}
        failure={failure}
        onFile={upload}
      />
      {value && (
        <Inline gap="small" alignY="center">
          {/* Width only: the height follows the image, so no picture is stretched. */}
          <img
            className={sprinkles({ borderRadius: 'small' })}
            src={value.url}
            alt={t('files.preview')}
            width={160}
          />
          <Button
            type="button"
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
    </Stack>
  );
}

/** Documents (e.g. worksheets): upload several, remove any. */
export function DocumentsField({
  value: files,
  error,
  onChange,
}: {
  value: StoredFile[];
  error?: string | undefined;
  onChange: (files: StoredFile[]) => void;
}) {
  const { t } = useTranslation('library');
  const { busy, failure, upload } = useStoredFileUpload('document', (stored) => onChange([...files, stored]));
  return (
    <Stack gap="small">
      {files.length > 0 && (
        <Box as="ul" display="flex" flexDirection="column" gap="xsmall" aria-label={t('files.documents')}>
          {files.map((file) => (
            <li key={file.id}>
              <Inline gap="small" alignY="center">
                <Text as="span">
                  {file.fileName} ({formatBytes(file.fileSize)})
                </Text>
                <Button
                  type="button"
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
      <StoredFileZone
        label={t('files.documents')}
        buttonLabel={t('files.documentsChoose')}
        error={error}
        busy={busy}
        failure={failure}
        onFile={upload}
      />
    </Stack>
  );
}

import { MultipartUpload } from '../../lib/MultipartUpload.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { contentFileStored } from './libraryQueries.ts';

/**
 * The content file (spec §7 multipart calls) through the upload of lib/MultipartUpload.tsx: progress with speed and
 * time left, 'Abbrechen', resume after a reload. Once stored, the item's queries are refreshed.
 */
export function ContentFileUpload({
  contentId,
  fileSize,
  onUploadingChange,
}: {
  contentId: number;
  fileSize: number | null;
  /** Tells the page whether an upload runs, so its one leave guard asks before the page is left. */
  onUploadingChange: (uploading: boolean) => void;
}) {
  const { t } = useTranslation('library');
  return (
    <MultipartUpload
      target={{ kind: 'content', id: contentId }}
      fileSize={fileSize}
      texts={{
        zoneLabel: t('upload.zoneLabel'),
        current: (size) => t('upload.current', { size }),
        none: t('upload.none'),
        forbidden: t('upload.forbidden'),
      }}
      onStored={() => contentFileStored(contentId)}
      onUploadingChange={onUploadingChange}
    />
  );
}

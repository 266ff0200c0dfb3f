import type { Content } from '@portal/api';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { type ShareChanges, ShareDialogContent } from '../../lib/ShareDialog.tsx';
import { toasts } from '../../lib/toasts.ts';
import { saveContentShares } from './libraryQueries.ts';

/** 'Inhalt teilen': the shared dialog of lib/ with content's add-share / remove-share. */
export function ContentShareDialogContent({ content, onClose }: { content: Content; onClose: () => void }) {
  const { t } = useTranslation('library');
  const save = async (changes: ShareChanges) => {
    await saveContentShares(content, changes);
    toasts.show({ tone: 'success', title: 'library:share.saved' });
  };
  return (
    <ShareDialogContent
      ownerId={content.owner.id}
      sharedWith={content.sharedWith}
      title={t('share.title')}
      description={t('share.description', { title: content.title })}
      onSave={save}
      onClose={onClose}
    />
  );
}

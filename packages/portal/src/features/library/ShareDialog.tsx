import type { Content } from '@portal/api';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient, contentListsKey } from '../../lib/api.ts';
import { type ShareChanges, ShareDialogContent } from '../../lib/ShareDialog.tsx';
import { answerOf } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { contentDetailQuery } from './contentDetailQuery.ts';

/** 'Inhalt teilen': the shared dialog of lib/ with content's add-share / remove-share. */
export function ContentShareDialogContent({ content, onClose }: { content: Content; onClose: () => void }) {
  const { t } = useTranslation('library');
  const queryClient = useQueryClient();
  const save = async ({ add, remove }: ShareChanges) => {
    const params = { path: { id: content.id } };
    let latest: Content = content;
    if (add.length > 0) {
      latest = await answerOf(
        apiClient.POST('/api/v1/cms/content/{id}/add-share/', { params, body: { organisation_ids: add } }),
      );
    }
    if (remove.length > 0) {
      latest = await answerOf(
        apiClient.POST('/api/v1/cms/content/{id}/remove-share/', {
          params,
          body: { organisation_ids: remove },
        }),
      );
    }
    queryClient.setQueryData(contentDetailQuery(content.id).queryKey, latest);
    await queryClient.invalidateQueries({ queryKey: contentListsKey });
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

import type { Content } from '@portal/api';
import { isContentOwner, mayCreateContent } from '@portal/domain';
import { Spinner, Stack } from '@portal/ui';
import { useState } from 'react';
import { useCurrentUser } from '../../lib/api.ts';
import { NoPermissionPage } from '../../lib/NoPermissionPage.tsx';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { ContentFileUpload } from './ContentFileUpload.tsx';
import { ContentForm } from './ContentForm.tsx';
import { ContentRoute } from './ContentRoute.tsx';

/** Inhalt erstellen (spec §2, /library/new): for signed-in members of an organisation (route loader, domain rule). */
export function ContentCreatePage() {
  const { t } = useTranslation('library');
  const { user, loading } = useCurrentUser();
  if (loading) return <Spinner label={t('form.loading')} />;
  // The server gives new content to an organisation of the caller: without one, the form could only fail.
  if (!mayCreateContent(user)) return <NoPermissionPage description={t('form.noPermission')} />;
  return (
    <Stack gap="large">
      <PageHeading>{t('form.createTitle')}</PageHeading>
      <ContentForm />
    </Stack>
  );
}

/** Inhalt bearbeiten (spec §2, /library/{id}/edit): only for the owner organisation (spec §3). */
export function ContentEditPage() {
  const { t } = useTranslation('library');
  return (
    <ContentRoute loadingLabel={t('form.loading')}>
      {(content) => <ContentEdit content={content} />}
    </ContentRoute>
  );
}

function ContentEdit({ content }: { content: Content }) {
  const { t } = useTranslation('library');
  const { user, loading } = useCurrentUser();
  const [uploading, setUploading] = useState(false);
  if (loading) return <Spinner label={t('form.loading')} />;
  if (!isContentOwner(user, content)) {
    return (
      <NoPermissionPage
        description={t('form.forbidden')}
        back={{ href: `/library/${content.id}`, label: t('detail.back') }}
      />
    );
  }
  return (
    <Stack gap="large">
      <PageHeading>{t('form.editTitle')}</PageHeading>
      <ContentForm
        key={content.id}
        content={content}
        uploading={uploading}
        fileSection={
          <ContentFileUpload
            contentId={content.id}
            fileSize={content.fileSize}
            onUploadingChange={setUploading}
          />
        }
      />
    </Stack>
  );
}

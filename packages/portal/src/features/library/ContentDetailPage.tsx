import type { Content } from '@portal/api';
import { formatBytes, formatDuration, isContentOwner } from '@portal/domain';
import { Box, Button, Card, EmptyState, Heading, Inline, Spinner, Stack, Text } from '@portal/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { $api, apiClient, useCurrentUser } from '../../lib/api.ts';
import { toasts } from '../../lib/toasts.ts';
import { contentDetailQuery, routeContentId } from './contentDetailQuery.ts';
import { ageText, degreesText, isSharedWithUser } from './contentText.ts';
import { PlaylistPicker } from './PlaylistPicker.tsx';

const ShareDialog = lazy(() => import('./ShareDialog.tsx').then((m) => ({ default: m.ShareDialog })));

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>
        <Text as="span" size="small" tone="muted">
          {label}
        </Text>
      </dt>
      <dd style={{ margin: 0 }}>
        <Text as="span">{children}</Text>
      </dd>
    </>
  );
}

function Facts({ content }: { content: Content }) {
  const { t } = useTranslation('library');
  const languages = useQuery({ ...$api.queryOptions('get', '/api/v2/cms/languages/'), staleTime: 600_000 });
  const languageName = (code: string) => languages.data?.find((l) => l.code === code)?.name ?? code;
  const none = t('detail.none');
  return (
    <Box
      as="dl"
      display="grid"
      gap="small"
      style={{ gridTemplateColumns: 'max-content 1fr', margin: 0 }}
      aria-label={t('detail.facts')}
    >
      <Fact label={t('detail.type')}>{t(`contentType.${content.contentType}`)}</Fact>
      <Fact label={t('detail.format')}>{degreesText(t, content) ?? none}</Fact>
      <Fact label={t('detail.age')}>{ageText(t, content.minAge, content.maxAge)}</Fact>
      <Fact label={t('detail.languages')}>
        {content.languages.length > 0 ? content.languages.map(languageName).join(', ') : none}
      </Fact>
      <Fact label={t('detail.category')}>{content.category?.name ?? none}</Fact>
      <Fact label={t('detail.fileSize')}>{formatBytes(content.fileSize) ?? t('detail.noFile')}</Fact>
      {content.contentType === 'video' && (
        <Fact label={t('detail.duration')}>
          {content.duration !== null ? formatDuration(content.duration) : none}
        </Fact>
      )}
      {content.contentType === 'app' && (
        <Fact label={t('detail.packageName')}>{content.packageName ?? none}</Fact>
      )}
      {content.contentType === 'webApp' && <Fact label={t('detail.url')}>{content.url ?? none}</Fact>}
      <Fact label={t('detail.owner')}>{content.owner.name}</Fact>
    </Box>
  );
}

function DeleteAction({ content }: { content: Content }) {
  const { t } = useTranslation('library');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: async () => {
      const { error, response } = await apiClient.DELETE('/api/v1/cms/content/{id}/', {
        params: { path: { id: content.id } },
      });
      if (!response.ok) throw error ?? new Error(String(response.status));
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['get', '/api/v2/cms/content/'] });
      toasts.show({ tone: 'success', title: 'library:detail.deleted' });
      navigate('/library');
    },
  });
  if (!confirming) {
    return (
      <Button variant="danger" onClick={() => setConfirming(true)}>
        {t('detail.delete')}
      </Button>
    );
  }
  return (
    <Card as="section">
      <div role="alertdialog" aria-labelledby="delete-title" aria-describedby="delete-description">
        <Stack gap="small">
          <Heading level={2} id="delete-title">
            {t('detail.deleteConfirm.title')}
          </Heading>
          <Text id="delete-description">
            {t('detail.deleteConfirm.description', { title: content.title })}
          </Text>
          {remove.isError && <Text tone="critical">{t('detail.deleteFailed')}</Text>}
          <Inline gap="small">
            <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('detail.deleteConfirm.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('detail.deleteConfirm.cancel')}
            </Button>
          </Inline>
        </Stack>
      </div>
    </Card>
  );
}

/** Mediathek - Details (spec §2, /library/{id}). */
export function ContentDetailPage() {
  const { t } = useTranslation('library');
  const id = routeContentId(useParams().id);
  const { signedIn, user } = useCurrentUser();
  const detail = useQuery({ ...contentDetailQuery(id ?? 0), enabled: id !== null });
  const [sharing, setSharing] = useState(false);

  if (id === null || detail.isError) {
    return (
      <EmptyState
        title={t('detail.notFound.title')}
        description={t('detail.notFound.description')}
        action={<Link to="/library">{t('detail.notFound.back')}</Link>}
      />
    );
  }
  if (detail.isPending) return <Spinner label={t('detail.loading')} />;

  const content = detail.data;
  const owner = isContentOwner(user, content);
  const organisationIds = user?.organisations.map((o) => o.id) ?? [];
  const shared = isSharedWithUser(content, organisationIds);

  return (
    <Stack gap="large">
      <Link to="/library">{t('detail.back')}</Link>
      <Stack gap="small">
        <Heading level={1}>{content.title}</Heading>
        {shared && (
          <Text tone="positive" weight="bold">
            {t('card.shared')}
          </Text>
        )}
        {shared && <Text tone="muted">{t('detail.sharedNotice')}</Text>}
        {owner && content.sharedWith.length > 0 && (
          <Text tone="muted">{t('share.sharedWith', { count: content.sharedWith.length })}</Text>
        )}
      </Stack>
      {owner && (
        <Inline gap="small">
          <Link to={`/library/${content.id}/edit`}>{t('detail.edit')}</Link>
          <Button variant="secondary" onClick={() => setSharing(true)}>
            {t('detail.share')}
          </Button>
          <DeleteAction content={content} />
        </Inline>
      )}
      {sharing && (
        <Suspense fallback={<Spinner label={t('share.loading')} />}>
          <ShareDialog content={content} onClose={() => setSharing(false)} />
        </Suspense>
      )}
      <Box display="grid" gap="large" style={{ gridTemplateColumns: 'repeat(auto-fit, minmax(18rem, 1fr))' }}>
        {content.previewImage ? (
          <img
            src={content.previewImage}
            alt={t('card.previewAlt', { title: content.title })}
            style={{ width: '100%', borderRadius: '8px', aspectRatio: '16 / 9', objectFit: 'cover' }}
          />
        ) : (
          <Box background="surfaceRaised" borderRadius="medium" padding="large" textAlign="center">
            <Text tone="muted">{t('card.noPreview')}</Text>
          </Box>
        )}
        <Facts content={content} />
      </Box>
      <Stack gap="small">
        <Heading level={2}>{t('detail.description')}</Heading>
        <Text>{content.description.trim() !== '' ? content.description : t('detail.noDescription')}</Text>
      </Stack>
      <Stack gap="small">
        <Heading level={2}>{t('detail.documents')}</Heading>
        {content.documentFiles && content.documentFiles.length > 0 ? (
          <Box as="ul" display="flex" flexDirection="column" gap="xsmall">
            {content.documentFiles.map((file) => (
              <li key={file.id}>
                <a href={file.file} target="_blank" rel="noreferrer">
                  {file.fileName}
                </a>{' '}
                <Text as="span" tone="muted" size="small">
                  ({formatBytes(file.fileSize)})
                </Text>
              </li>
            ))}
          </Box>
        ) : (
          <Text tone="muted">{t('detail.noDocuments')}</Text>
        )}
      </Stack>
      {signedIn && <PlaylistPicker content={content} />}
    </Stack>
  );
}

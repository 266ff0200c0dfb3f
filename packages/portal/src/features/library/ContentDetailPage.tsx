import type { Content } from '@portal/api';
import { formatBytes, formatDuration, isContentOwner, mayCreateContent } from '@portal/domain';
import {
  Alert,
  Box,
  Button,
  ButtonLink,
  ConfirmDialog,
  ContentCard,
  Dialog,
  Heading,
  Inline,
  type KeyValueItem,
  KeyValueList,
  Spinner,
  Stack,
  sprinkles,
  Text,
  Tiles,
  type TilesColumns,
} from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { languagesQuery } from '../../lib/contentQueries.ts';
import { ContentTypeIcon } from '../../lib/icons.tsx';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { playbackHref } from '../../lib/playbackLink.ts';
import { refusalDetail } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { ContentRoute } from './ContentRoute.tsx';
import { ageText, degreesText, formatText, isSharedWithUser, PLACEHOLDER_TONES } from './contentText.ts';
import { useDeleteContent } from './libraryQueries.ts';
import { PlaylistPicker } from './PlaylistPicker.tsx';
import { PublicationPanel } from './PublicationPanel.tsx';

const ShareDialogContent = lazy(() =>
  import('./ShareDialog.tsx').then((m) => ({ default: m.ContentShareDialogContent })),
);

/** Columns of the preview beside the facts: stacked on phones. */
const OVERVIEW_COLUMNS: TilesColumns = { mobile: 1, tablet: 2 };

function Facts({ content }: { content: Content }) {
  const { t, i18n } = useTranslation('library');
  const languages = useQuery(languagesQuery);
  const languageName = (code: string) => languages.data?.find((l) => l.code === code)?.name ?? code;
  const none = t('detail.none');
  const items: KeyValueItem[] = [
    { term: t('detail.type'), value: t(`contentType.${content.contentType}`) },
    { term: t('detail.format'), value: formatText(t, content.format) ?? none },
    { term: t('detail.age'), value: ageText(t, content.minAge, content.maxAge) },
    {
      term: t('detail.languages'),
      value: content.languages.length > 0 ? content.languages.map(languageName).join(', ') : none,
    },
    { term: t('detail.category'), value: content.category?.name ?? none },
    { term: t('detail.fileSize'), value: formatBytes(content.fileSize) ?? t('detail.noFile') },
  ];
  if (content.contentType === 'video') {
    items.push({
      term: t('detail.duration'),
      value: content.duration !== null ? formatDuration(content.duration) : none,
    });
  }
  if (content.contentType === 'app')
    items.push({ term: t('detail.packageName'), value: content.packageName ?? none });
  if (content.contentType === 'webApp') items.push({ term: t('detail.url'), value: content.url ?? none });
  items.push({ term: t('detail.owner'), value: <bdi>{content.owner.name}</bdi> });
  items.push({
    term: t('detail.created'),
    value: new Intl.DateTimeFormat(i18n.language).format(new Date(content.created_at)),
  });
  return (
    <Box as="section" aria-label={t('detail.facts')}>
      <KeyValueList items={items} />
    </Box>
  );
}

/**
 * Who sees the owner's item besides its organisation: every school when it is public (its shares then add nothing),
 * else the organisations it is shared with.
 */
function SharingState({ content }: { content: Content }) {
  const { t } = useTranslation('library');
  if (content.isPublic) return <Text tone="muted">{t('share.public')}</Text>;
  if (content.sharedWith.length === 0) return null;
  return <Text tone="muted">{t('share.sharedWith', { count: content.sharedWith.length })}</Text>;
}

function DeleteAction({ content }: { content: Content }) {
  const { t } = useTranslation('library');
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteContent({
    onSuccess: () => {
      toasts.show({ tone: 'success', title: 'library:detail.deleted' });
      navigate('/library');
    },
    onError: (error) => {
      // The dialog has room for a question only; the reason goes into a toast the user can read in peace.
      setConfirming(false);
      toasts.show({
        tone: 'error',
        title: 'library:detail.deleteFailed',
        descriptionText: refusalDetail(error),
      });
    },
  });
  return (
    <>
      {/* Quieter than the page's main action; the question that follows names the item. */}
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        {t('detail.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="destructive"
        title={t('detail.deleteConfirm.title', { title: content.title })}
        description={t('detail.deleteConfirm.description', { title: content.title })}
        confirmLabel={t('detail.deleteConfirm.confirm')}
        cancelLabel={t('detail.deleteConfirm.cancel')}
        confirming={remove.isPending}
        confirmingLabel={t('detail.deleting')}
        onConfirm={() => remove.mutate(content.id)}
      />
    </>
  );
}

/** Mediathek - Details (spec §2, /library/{id}). */
export function ContentDetailPage() {
  const { t } = useTranslation('library');
  return (
    <ContentRoute loadingLabel={t('detail.loading')}>
      {(content) => <ContentDetail content={content} />}
    </ContentRoute>
  );
}

function ContentDetail({ content }: { content: Content }) {
  const { t } = useTranslation('library');
  const { signedIn, user } = useCurrentUser();
  const [sharing, setSharing] = useState(false);
  const owner = isContentOwner(user, content);
  const organisationIds = user?.organisations.map((o) => o.id) ?? [];
  const shared = isSharedWithUser(content, organisationIds);

  const mayPlaylist = signedIn && mayCreateContent(user);
  return (
    <Stack gap="large">
      <Link to="/library">{t('detail.back')}</Link>
      <Stack gap="small">
        <PageHeading>{content.title}</PageHeading>
        {shared && (
          <Alert tone="info" title={t('card.shared')}>
            {t('detail.sharedNotice')}
          </Alert>
        )}
        {owner && <SharingState content={content} />}
      </Stack>
      {signedIn && <PublicationPanel content={content} />}
      {/* By role: the playlist (the view's main action) and playback for members of an organisation, changes for
          the owner. */}
      {(mayPlaylist || owner) && (
        <Box as="section" aria-label={t('detail.actions')}>
          <Stack gap="medium">
            {mayPlaylist && <PlaylistPicker content={content} />}
            {mayPlaylist && (
              <Inline gap="small">
                {/* Playback on a class set: the headset picker opens with this content (lib/playbackLink.ts). */}
                <ButtonLink variant="secondary" href={playbackHref({ content: content.id })}>
                  {t('detail.play')}
                </ButtonLink>
              </Inline>
            )}
            {owner && (
              <Inline gap="small">
                <ButtonLink variant="secondary" href={`/library/${content.id}/edit`}>
                  {t('detail.edit')}
                </ButtonLink>
                <Dialog.Root open={sharing} onOpenChange={setSharing}>
                  <Dialog.Trigger asChild>
                    <Button variant="secondary">{t('detail.share')}</Button>
                  </Dialog.Trigger>
                  {sharing && (
                    <Suspense fallback={<Spinner label={t('share.loading', { ns: 'common' })} />}>
                      <ShareDialogContent content={content} onClose={() => setSharing(false)} />
                    </Suspense>
                  )}
                </Dialog.Root>
                <DeleteAction content={content} />
              </Inline>
            )}
          </Stack>
        </Box>
      )}
      <Tiles columns={OVERVIEW_COLUMNS} gap="large">
        {content.previewImage ? (
          <Preview content={content} playable={mayPlaylist} />
        ) : (
          <TypePlaceholder content={content} />
        )}
        <Facts content={content} />
      </Tiles>
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
          <Text tone="muted">{owner ? t('detail.noDocumentsOwner') : t('detail.noDocuments')}</Text>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * The preview picture. Its ▶ (the type's mark drawn into it) promises playback: for those who may play, the picture is
 * the way there (lib/playbackLink.ts), as 'Abspielen' is.
 */
function Preview({ content, playable }: { content: Content; playable: boolean }) {
  const { t } = useTranslation('library');
  const image = (alt: string) => (
    <img
      className={sprinkles({ width: '100%', borderRadius: 'medium' })}
      src={content.previewImage ?? ''}
      alt={alt}
    />
  );
  if (!playable) return image(t('card.previewAlt', { title: content.title }));
  return (
    <Link to={playbackHref({ content: content.id })} className={sprinkles({ display: 'block' })}>
      {image(t('detail.playPreview', { title: content.title }))}
    </Link>
  );
}

/** Without a preview image: the content type's icon, name and colour, as on its card, with its 180°/360°. */
function TypePlaceholder({ content }: { content: Content }) {
  const { t } = useTranslation('library');
  const degrees = degreesText(t, content);
  return (
    <ContentCard
      title={content.title}
      imageAlt=""
      placeholderText={t(`contentType.${content.contentType}`)}
      placeholderIcon={<ContentTypeIcon type={content.contentType} />}
      placeholderTone={PLACEHOLDER_TONES[content.contentType]}
      mediaBadge={degrees ?? undefined}
      mediaOnly
    />
  );
}

import type { ConfigurationDetail } from '@portal/api';
import { formatBytes, isPlaylistOwner, mayCreatePlaylist } from '@portal/domain';
import {
  Alert,
  Box,
  Button,
  ButtonLink,
  Dialog,
  Heading,
  Inline,
  KeyValueList,
  Stack,
  Text,
} from '@portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { playlistDetailQuery } from '../../lib/playlists.ts';
import { RecordPageFallback } from '../../lib/RecordPageFallback.tsx';
import { routeId } from '../../lib/routeParams.ts';
import { type ShareChanges, ShareDialogContent } from '../../lib/ShareDialog.tsx';
import { toasts } from '../../lib/toasts.ts';
import { ContentSearch } from './ContentSearch.tsx';
import { DeletePlaylistDialog, DuplicatePlaylistDialog, RenamePlaylistDialog } from './PlaylistDialogs.tsx';
import { PlaylistHeadsets } from './PlaylistHeadsets.tsx';
import { PlaylistItems } from './PlaylistItems.tsx';
import { savePlaylistShares } from './playlistQueries.ts';

const LIST_HREF = '/dashboard/configurations';

type OpenDialog = 'rename' | 'duplicate' | 'delete' | null;

/** 'Teilen': the shared dialog of lib/ with the playlist's add-share / remove-share. */
function PlaylistShareDialogContent({
  playlist,
  onClose,
}: {
  playlist: ConfigurationDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation('playlists');
  const save = async (changes: ShareChanges) => {
    await savePlaylistShares(playlist, changes);
    toasts.show({ tone: 'success', title: 'playlists:toasts.shared' });
  };
  return (
    <ShareDialogContent
      ownerId={playlist.ownerId}
      sharedWith={playlist.sharedWith}
      title={t('share.title')}
      description={t('share.description', { name: playlist.name })}
      onSave={save}
      onClose={onClose}
    />
  );
}

/**
 * Wiedergabeliste (spec §2, /dashboard/configurations/{id}): its facts and items; for the owner organisation rename,
 * share, delete, adding from the Mediathek, reordering and the headsets with sync and storage; a playlist shared with
 * the organisation is read-only and offers a copy of its own.
 */
export function PlaylistDetailPage() {
  const { t, i18n } = useTranslation('playlists');
  const id = routeId(useParams().id);
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const detail = useQuery({ ...playlistDetailQuery(id ?? 0), enabled: id !== null });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [sharing, setSharing] = useState(false);
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  if (id === null || !detail.isSuccess) {
    return (
      <RecordPageFallback
        id={id}
        query={detail}
        notFound={{
          title: t('detail.notFound.title'),
          description: t('detail.notFound.description'),
          action: t('detail.notFound.action'),
          href: LIST_HREF,
        }}
        failed={{
          title: t('detail.loadFailed.title'),
          description: t('detail.loadFailed.description'),
          retry: t('detail.loadFailed.retry'),
        }}
        loading={t('detail.loading')}
      />
    );
  }

  const playlist = detail.data;
  const owner = isPlaylistOwner(user, playlist);
  const hidden = playlist.contentIds.length - playlist.contents.length;
  const facts = [
    { id: 'owner', term: t('detail.owner'), value: <bdi>{playlist.owner.name}</bdi> },
    { id: 'items', term: t('detail.items'), value: t('itemCount', { count: playlist.contentIds.length }) },
    { id: 'size', term: t('detail.size'), value: formatBytes(playlist.totalSize, i18n.language) ?? '0 B' },
  ];
  if (owner) {
    facts.push({
      id: 'shared',
      term: t('detail.shares'),
      value:
        playlist.sharedWith.length > 0
          ? t('detail.sharedWith', { count: playlist.sharedWith.length })
          : t('detail.notShared'),
    });
  }

  return (
    <Stack gap="large">
      <Stack gap="xsmall">
        <PageHeading>{playlist.name}</PageHeading>
        {/* Below the heading: right under the breadcrumb its link would crowd the breadcrumb's (WCAG 2.5.8). */}
        <Box>
          <ButtonLink variant="ghost" size="small" href={LIST_HREF}>
            {t('detail.back')}
          </ButtonLink>
        </Box>
      </Stack>
      {!owner && (
        <Alert tone="info" title={t('detail.sharedNotice.title', { owner: playlist.owner.name })}>
          <Stack gap="small">
            <Text>{t('detail.sharedNotice.description', { owner: playlist.owner.name })}</Text>
            {mayCreatePlaylist(user) && (
              <Box>
                <Button variant="primary" onClick={() => setDialog('duplicate')}>
                  {t('detail.sharedNotice.copy')}
                </Button>
              </Box>
            )}
          </Stack>
        </Alert>
      )}
      {owner && (
        <Box as="section" aria-label={t('detail.actions')}>
          <Inline gap="small">
            <Button variant="secondary" onClick={() => setDialog('rename')}>
              {t('detail.rename')}
            </Button>
            <Dialog.Root open={sharing} onOpenChange={setSharing}>
              <Dialog.Trigger asChild>
                <Button variant="secondary">{t('detail.share')}</Button>
              </Dialog.Trigger>
              {sharing && (
                <PlaylistShareDialogContent playlist={playlist} onClose={() => setSharing(false)} />
              )}
            </Dialog.Root>
            <Button variant="secondary" onClick={() => setDialog('duplicate')}>
              {t('detail.duplicate')}
            </Button>
            <Button variant="ghost" onClick={() => setDialog('delete')}>
              {t('detail.delete')}
            </Button>
          </Inline>
        </Box>
      )}
      <Box as="section" aria-label={t('detail.facts')}>
        <KeyValueList items={facts} />
      </Box>
      <Stack gap="medium">
        <Heading level={2}>{t('items.title')}</Heading>
        {hidden > 0 && <Text tone="muted">{t('detail.hiddenItems', { count: hidden })}</Text>}
        <PlaylistItems playlist={playlist} editable={owner} />
      </Stack>
      {owner && (
        <Stack gap="medium">
          <Heading level={2}>{t('add.title')}</Heading>
          <ContentSearch playlist={playlist} />
        </Stack>
      )}
      {owner && <PlaylistHeadsets playlist={playlist} />}
      {dialog === 'rename' && <RenamePlaylistDialog playlist={playlist} open onOpenChange={close} />}
      {dialog === 'duplicate' && <DuplicatePlaylistDialog playlist={playlist} open onOpenChange={close} />}
      {dialog === 'delete' && (
        <DeletePlaylistDialog
          playlist={playlist}
          open
          onOpenChange={close}
          onDeleted={() => navigate(LIST_HREF)}
        />
      )}
    </Stack>
  );
}

export { PlaylistDetailPage as Component };

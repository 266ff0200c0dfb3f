import type { Configuration } from '@portal/api';
import { ConfirmDialog, Dialog } from '@portal/ui';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/api.ts';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { NameDialogContent } from './NameDialog.tsx';
import { createPlaylist, duplicatePlaylist, renamePlaylist, useDeletePlaylist } from './playlistQueries.ts';

/** Where a playlist is shown. */
export const playlistHref = (id: number) => `/dashboard/configurations/${id}`;

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Neue Wiedergabeliste': asks the name, creates it empty in the user's first organisation and opens it. */
export function CreatePlaylistDialog({ open, onOpenChange }: DialogProps) {
  const { t } = useTranslation('playlists');
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const create = async (name: string) => {
    const created = await createPlaylist(name, user?.organisations[0]?.id ?? 0);
    toasts.show({ tone: 'success', title: 'playlists:toasts.created' });
    navigate(playlistHref(created.id));
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {open && (
        <NameDialogContent
          title={t('name.create.title')}
          description={t('name.create.description')}
          submitLabel={t('name.create.submit')}
          initialName=""
          field="name"
          onSubmit={create}
          onClose={() => onOpenChange(false)}
        />
      )}
    </Dialog.Root>
  );
}

/** 'Duplizieren' (also of a shared playlist): asks the copy's name, then opens the copy. */
export function DuplicatePlaylistDialog({
  playlist,
  open,
  onOpenChange,
}: DialogProps & { playlist: Configuration }) {
  const { t } = useTranslation('playlists');
  const navigate = useNavigate();
  const duplicate = async (copyName: string) => {
    const copy = await duplicatePlaylist(playlist.id, copyName);
    toasts.show({ tone: 'success', title: 'playlists:toasts.duplicated' });
    navigate(playlistHref(copy.id));
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {open && (
        <NameDialogContent
          title={t('name.duplicate.title')}
          description={t('name.duplicate.description', { name: playlist.name })}
          submitLabel={t('name.duplicate.submit')}
          // The proposal becomes the copy's name: stored as typed, not isolated for display.
          initialName={t('name.duplicate.default', {
            name: playlist.name,
            interpolation: { escapeValue: false },
          })}
          field="copyName"
          onSubmit={duplicate}
          onClose={() => onOpenChange(false)}
        />
      )}
    </Dialog.Root>
  );
}

/** 'Umbenennen': PATCH, which leaves items another tab changed meanwhile alone. */
export function RenamePlaylistDialog({
  playlist,
  open,
  onOpenChange,
}: DialogProps & { playlist: Configuration }) {
  const { t } = useTranslation('playlists');
  const rename = async (name: string) => {
    await renamePlaylist(playlist.id, name);
    toasts.show({ tone: 'success', title: 'playlists:toasts.renamed' });
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {open && (
        <NameDialogContent
          title={t('name.rename.title')}
          description={t('name.rename.description', { name: playlist.name })}
          submitLabel={t('name.rename.submit')}
          initialName={playlist.name}
          field="name"
          onSubmit={rename}
          onClose={() => onOpenChange(false)}
        />
      )}
    </Dialog.Root>
  );
}

/** 'Löschen' behind a question that names the playlist and the headsets it leaves without one. */
export function DeletePlaylistDialog({
  playlist,
  open,
  onOpenChange,
  onDeleted,
}: DialogProps & { playlist: Configuration; onDeleted?: () => void }) {
  const { t } = useTranslation('playlists');
  const remove = useDeletePlaylist(playlist.id, {
    onSuccess() {
      toasts.show({ tone: 'success', title: 'playlists:toasts.deleted' });
      onOpenChange(false);
      onDeleted?.();
    },
    onError(error) {
      onOpenChange(false);
      showFailure(error, 'deleteConfiguration');
    },
  });
  const headsets = playlist.sdmDevices.length;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      tone="destructive"
      title={t('delete.title', { name: playlist.name })}
      description={
        headsets > 0 ? t('delete.descriptionActive', { count: headsets }) : t('delete.description')
      }
      confirmLabel={t('delete.confirm')}
      cancelLabel={t('delete.cancel')}
      confirming={remove.isPending}
      confirmingLabel={t('delete.running')}
      onConfirm={() => remove.mutate()}
    />
  );
}

import type { Content } from '@portal/api';
import { showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { restoreItem, useAddItem, useRemoveItem } from './playlistQueries.ts';

/*
 * 'Inhalt hinzufügen' and an item's 'Entfernen': the change, the toast that names the item (and where it went, or how
 * to get it back) and the worded refusal.
 */

export function useItemAdd(playlistId: number) {
  return useAddItem(playlistId, {
    onSuccess(changed, content) {
      toasts.show({
        tone: 'success',
        title: 'playlists:toasts.added',
        description: 'playlists:toasts.addedDescription',
        descriptionValues: { title: content.title, position: changed.contentIds.indexOf(content.id) + 1 },
      });
    },
    onError: (error) => showFailure(error, 'addConfigurationContent'),
  });
}

/** 'Rückgängig' of a removal: the item back at its place, said in a toast; a refusal worded as any other. */
async function undoRemoval(playlistId: number, content: Content, position: number): Promise<void> {
  try {
    const restored = await restoreItem(playlistId, content.id, position);
    toasts.show({
      tone: 'success',
      title: 'playlists:toasts.restored',
      description: 'playlists:toasts.addedDescription',
      descriptionValues: { title: content.title, position: restored.contentIds.indexOf(content.id) + 1 },
    });
  } catch (error) {
    showFailure(error, 'restoreConfigurationContent');
  }
}

/** A removal says what went and offers 'Rückgängig' in its toast, which puts the item back where it stood. */
export function useItemRemoval(playlistId: number) {
  return useRemoveItem(playlistId, {
    onSuccess(_changed, { content, position }) {
      toasts.show({
        tone: 'success',
        title: 'playlists:toasts.removed',
        description: 'playlists:toasts.removedDescription',
        descriptionValues: { title: content.title },
        action: {
          label: 'playlists:toasts.undo',
          altText: 'playlists:toasts.undoAlternative',
          altTextValues: { title: content.title },
          run: () => void undoRemoval(playlistId, content, position),
        },
      });
    },
    onError: (error) => showFailure(error, 'removeConfigurationContent'),
  });
}

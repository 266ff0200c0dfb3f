import type { ItemChange } from '../../lib/playlists.ts';
import { showFailure } from '../../lib/serverErrors.ts';
import { toasts } from '../../lib/toasts.ts';
import { useChangeItem } from './playlistQueries.ts';

/**
 * 'Inhalt hinzufügen' and an item's 'Entfernen': the change, the toast that names the item (and where it went) and
 * the worded refusal.
 */
export function useItemChange(playlistId: number, change: ItemChange) {
  return useChangeItem(playlistId, change, {
    onSuccess(changed, content) {
      toasts.show(
        change === 'add'
          ? {
              tone: 'success',
              title: 'playlists:toasts.added',
              description: 'playlists:toasts.addedDescription',
              descriptionValues: {
                title: content.title,
                position: changed.contentIds.indexOf(content.id) + 1,
              },
            }
          : {
              tone: 'success',
              title: 'playlists:toasts.removed',
              description: 'playlists:toasts.removedDescription',
              descriptionValues: { title: content.title },
            },
      );
    },
    onError: (error) =>
      showFailure(error, change === 'add' ? 'addConfigurationContent' : 'removeConfigurationContent'),
  });
}

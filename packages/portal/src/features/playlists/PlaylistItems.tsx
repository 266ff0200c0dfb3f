import type { ConfigurationDetail, Content } from '@portal/api';
import { formatBytes, formatDuration } from '@portal/domain';
import { Box, ButtonLink, IconButton, Text } from '@portal/ui';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ContentTypeIcon } from '../../lib/icons.tsx';
import { ReorderAnnouncement, useKeyboardReorder } from '../../lib/KeyboardReorder.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { playbackHref } from '../../lib/playbackLink.ts';
import { dropIndex, moveItem } from '../../lib/reorder.ts';
import { showFailure } from '../../lib/serverErrors.ts';
import { useMoveItem } from './playlistQueries.ts';
import { useItemRemoval } from './useItemChange.ts';

function GripIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">
      {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  );
}

function RemoveIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
    </svg>
  );
}

/** A drag in progress: the row's index and where it would land. */
interface DragMove {
  from: number;
  to: number;
}

function ItemFacts({ content }: { content: Content }) {
  const { t, i18n } = useTranslation('playlists');
  const facts = [
    t(`contentType.${content.contentType}`),
    content.contentType === 'webApp'
      ? null
      : (formatBytes(content.fileSize, i18n.language) ?? t('items.noSize')),
    content.duration !== null ? formatDuration(content.duration) : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <Text as="span" size="small" tone="muted">
      {facts.join(' · ')}
    </Text>
  );
}

/**
 * The playlist's items in order (title, type, size, duration), each with 'Abspielen' (the playback page with the
 * playlist's headsets ticked). The owner removes items and reorders them by drag
 * and drop or by keyboard on each item's handle (Space picks up, arrows move, Space drops, Escape cancels), with
 * every step announced; the new position is saved with moveConfigurationContent, one item at a time.
 */
export function PlaylistItems({ playlist, editable }: { playlist: ConfigurationDetail; editable: boolean }) {
  const { t } = useTranslation('playlists');
  const hintId = useId();
  const reorder = useKeyboardReorder(playlist.contents, {
    titleOf: (content) => content.title,
    announce: (event, values) => t(`items.announce.${event}`, values),
    save: (content, position) => move.mutate({ content, position }),
  });
  const [drag, setDragState] = useState<DragMove | null>(null);
  // The handlers read the move from here: a dragover can come before React has drawn the state of dragstart.
  const dragging = useRef<DragMove | null>(null);
  const setDrag = (move: DragMove | null) => {
    dragging.current = move;
    setDragState(move);
  };
  const items = reorder.items;
  const count = items.length;

  const move = useMoveItem(playlist.id, {
    onSuccess() {
      reorder.settle();
      reorder.setAnnouncement(t('items.announce.saved'));
    },
    onError(error) {
      reorder.settle();
      showFailure(error, 'moveConfigurationContent');
    },
  });
  const remove = useItemRemoval(playlist.id);

  /** Shows the new order at once and saves where the item went (1-based). */
  const place = (next: Content[], content: Content) => {
    reorder.showOrder(next);
    move.mutate({ content, position: next.indexOf(content) + 1 });
  };

  const onDragOver = (event: DragEvent<HTMLLIElement>, over: number) => {
    const move = dragging.current;
    if (!move) return;
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    const to = dropIndex(move.from, over, event.clientY > box.top + box.height / 2);
    if (to !== move.to) setDrag({ ...move, to });
  };
  const onDrop = (event: DragEvent<HTMLLIElement>) => {
    const move = dragging.current;
    if (!move) return;
    event.preventDefault();
    const content = items[move.from];
    setDrag(null);
    if (!content || move.to === move.from) return;
    reorder.setAnnouncement(
      t('items.announce.dropped', { title: content.title, position: move.to + 1, count }),
    );
    place(moveItem(items, move.from, move.to), content);
  };

  if (count === 0) {
    return <Text tone="muted">{editable ? t('items.empty') : t('items.emptyReadOnly')}</Text>;
  }
  return (
    <Box display="flex" flexDirection="column" gap="small">
      {editable && (
        <Text id={hintId} size="small" tone="muted">
          {t('items.moveHint')}
        </Text>
      )}
      <Box
        as="ol"
        aria-label={t('items.caption')}
        display="flex"
        flexDirection="column"
        gap="xsmall"
        listStyle="none"
      >
        {items.map((content, index) => {
          const lifted = reorder.grab?.id === content.id || drag?.from === index;
          const target = drag !== null && drag.to === index && drag.from !== index;
          return (
            <Box
              as="li"
              key={content.id}
              display="flex"
              alignItems="center"
              gap="small"
              padding="small"
              borderRadius="medium"
              background={lifted || target ? 'surfaceRaised' : 'surface'}
              draggable={editable && !move.isPending}
              onDragStart={(event: DragEvent<HTMLLIElement>) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(content.id));
                setDrag({ from: index, to: index });
              }}
              onDragOver={(event: DragEvent<HTMLLIElement>) => onDragOver(event, index)}
              onDrop={onDrop}
              onDragEnd={() => setDrag(null)}
            >
              {editable && (
                <IconButton
                  ref={reorder.handleRef(content.id)}
                  label={t('items.move', { title: content.title })}
                  aria-describedby={hintId}
                  aria-pressed={reorder.grab?.id === content.id}
                  variant={reorder.grab?.id === content.id ? 'primary' : 'ghost'}
                  disabled={move.isPending}
                  onKeyDown={(event) => reorder.onHandleKey(event, content, index)}
                >
                  <GripIcon />
                </IconButton>
              )}
              <Text as="span" weight="semibold" tone="muted">
                {index + 1}.
              </Text>
              <ContentTypeIcon type={content.contentType} size={24} />
              <Box display="flex" flexDirection="column" flexGrow={1} minWidth="0">
                <Link to={`/library/${content.id}`}>
                  <bdi>{content.title}</bdi>
                </Link>
                <ItemFacts content={content} />
              </Box>
              {/* From the playlist to the class (issue 22): its headsets come ticked. */}
              <ButtonLink
                variant="secondary"
                size="small"
                href={playbackHref({
                  content: content.id,
                  configuration: playlist.sdmDevices.length > 0 ? playlist.id : null,
                })}
              >
                {t('items.play')}
              </ButtonLink>
              {editable && (
                <IconButton
                  label={t('items.remove', { title: content.title })}
                  loading={remove.isPending && remove.variables?.content.id === content.id}
                  disabled={move.isPending}
                  onClick={() => remove.mutate({ content, position: index + 1 })}
                >
                  <RemoveIcon />
                </IconButton>
              )}
            </Box>
          );
        })}
      </Box>
      <ReorderAnnouncement text={reorder.announcement} />
    </Box>
  );
}

import type { ConfigurationDetail, Content } from '@portal/api';
import { formatBytes, formatDuration } from '@portal/domain';
import { Box, ButtonLink, IconButton, Text } from '@portal/ui';
import { type DragEvent, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentTypeIcon } from '../../lib/icons.tsx';
import { playbackHref } from '../../lib/playbackLink.ts';
import { dropIndex, type Grab, handleKey, moveItem } from '../../lib/reorder.ts';
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
  const [order, setOrder] = useState<Content[] | null>(null);
  const [grab, setGrab] = useState<Grab | null>(null);
  const [drag, setDragState] = useState<DragMove | null>(null);
  // The handlers read the move from here: a dragover can come before React has drawn the state of dragstart.
  const dragging = useRef<DragMove | null>(null);
  const setDrag = (move: DragMove | null) => {
    dragging.current = move;
    setDragState(move);
  };
  const [announcement, setAnnouncement] = useState('');
  const handles = useRef(new Map<number, HTMLButtonElement>());
  const items = order ?? playlist.contents;
  const count = items.length;

  // A moved row is taken out of the page and put back: its handle keeps the focus for the next arrow key.
  useLayoutEffect(() => {
    if (grab && document.activeElement !== handles.current.get(grab.id))
      handles.current.get(grab.id)?.focus();
  });

  const move = useMoveItem(playlist.id, {
    onSuccess() {
      setOrder(null);
      setAnnouncement(t('items.announce.saved'));
    },
    onError(error) {
      setOrder(null);
      showFailure(error, 'moveConfigurationContent');
    },
  });
  const remove = useItemRemoval(playlist.id);

  /** Shows the new order at once and saves where the item went (1-based). */
  const place = (next: Content[], content: Content) => {
    setOrder(next);
    move.mutate({ content, position: next.indexOf(content) + 1 });
  };

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, content: Content, index: number) => {
    const title = content.title;
    const result = handleKey(event.key, items, index, content.id, grab);
    if (result.kind === 'ignored') return;
    event.preventDefault();
    const position = result.position;
    if (result.kind === 'grabbed') {
      setGrab(result.grab);
      setAnnouncement(t('items.announce.grabbed', { title, position, count }));
    } else if (result.kind === 'moved') {
      setOrder(result.order);
      setAnnouncement(t('items.announce.moved', { title, position, count }));
    } else if (result.kind === 'dropped') {
      setGrab(null);
      setAnnouncement(t('items.announce.dropped', { title, position, count }));
      if (result.changed) place(items, content);
      else setOrder(null);
    } else {
      setGrab(null);
      setOrder(null);
      setAnnouncement(t('items.announce.cancelled', { title, position }));
    }
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
    setAnnouncement(t('items.announce.dropped', { title: content.title, position: move.to + 1, count }));
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
          const lifted = grab?.id === content.id || drag?.from === index;
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
                  ref={(element) => {
                    if (element) handles.current.set(content.id, element);
                    else handles.current.delete(content.id);
                  }}
                  label={t('items.move', { title: content.title })}
                  aria-describedby={hintId}
                  aria-pressed={grab?.id === content.id}
                  variant={grab?.id === content.id ? 'primary' : 'ghost'}
                  disabled={move.isPending}
                  onKeyDown={(event) => onHandleKey(event, content, index)}
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
      <Box role="status" aria-live="polite">
        <Text size="small" tone="muted">
          {announcement}
        </Text>
      </Box>
    </Box>
  );
}

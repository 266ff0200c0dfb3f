import { Box, Text } from '@portal/ui';
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { type Grab, handleKey } from './reorder.ts';

/** A step of a keyboard move the live region announces. */
export type ReorderEvent = 'grabbed' | 'moved' | 'dropped' | 'cancelled';

interface KeyboardReorderOptions<T> {
  /** The entry's name in the announcements. */
  titleOf: (item: T) => string;
  /** The words of one step of the move, in the list's own namespace. */
  announce: (event: ReorderEvent, values: { title: string; position: number; count: number }) => string;
  /** Saves where a dropped entry went (1-based); the new order shows until `settle`. */
  save: (item: T, position: number) => void;
}

/**
 * The keyboard move of an ordered list (a playlist's items, a lesson plan's steps; `handleKey` of reorder.ts) as a
 * list's owner draws it: the order shown while an entry moves and until its save is answered, the entry picked up,
 * what the live region says, and each handle's key handler. The handle of a moved entry keeps the focus.
 */
export function useKeyboardReorder<T extends { id: number }>(
  saved: readonly T[],
  { titleOf, announce, save }: KeyboardReorderOptions<T>,
) {
  const [order, setOrder] = useState<T[] | null>(null);
  const [grab, setGrab] = useState<Grab | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const handles = useRef(new Map<number, HTMLButtonElement>());
  const items = order ?? saved;
  const count = items.length;

  // A moved row is taken out of the page and put back: its handle keeps the focus for the next arrow key.
  useLayoutEffect(() => {
    if (grab && document.activeElement !== handles.current.get(grab.id))
      handles.current.get(grab.id)?.focus();
  });

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, item: T, index: number) => {
    const title = titleOf(item);
    const result = handleKey(event.key, items, index, item.id, grab);
    if (result.kind === 'ignored') return;
    event.preventDefault();
    const position = result.position;
    if (result.kind === 'grabbed') {
      setGrab(result.grab);
    } else if (result.kind === 'moved') {
      setOrder(result.order);
    } else if (result.kind === 'dropped') {
      setGrab(null);
      if (result.changed) save(item, position);
      else setOrder(null);
    } else {
      setGrab(null);
      setOrder(null);
    }
    setAnnouncement(announce(result.kind, { title, position, count }));
  };

  return {
    /** The entries in the order to draw: the one being moved or saved, else the saved one. */
    items,
    grab,
    announcement,
    setAnnouncement,
    /** Shows an order at once, before its save is answered (a drop of the mouse). */
    showOrder: setOrder,
    /** The save was answered, either way: the list's saved order again. */
    settle: () => setOrder(null),
    onHandleKey,
    /** The ref of an entry's handle, which gets the focus back while the entry moves. */
    handleRef: (id: number) => (element: HTMLButtonElement | null) => {
      if (element) handles.current.set(id, element);
      else handles.current.delete(id);
    },
  };
}

/** The live region that reads each step of a move aloud. */
export function ReorderAnnouncement({ text }: { text: string }) {
  return (
    <Box role="status" aria-live="polite">
      <Text size="small" tone="muted">
        {text}
      </Text>
    </Box>
  );
}

import { SearchField } from '@portal/ui';
import { useEffect, useRef, useState } from 'react';

/** Server search waits until typing pauses this long, so a word costs one request, not one per key. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * A search field whose text goes to the server (through the URL) once typing pauses. When the URL changes under it
 * (back/forward, a reset), it shows what the URL says.
 */
export function DebouncedSearch({
  value,
  onCommit,
  label,
  clearLabel,
  placeholder,
}: {
  value: string;
  onCommit: (search: string) => void;
  label: string;
  clearLabel: string;
  placeholder: string;
}) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      commit.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <SearchField
      label={label}
      clearLabel={clearLabel}
      placeholder={placeholder}
      value={text}
      maxLength={200}
      onValueChange={setText}
    />
  );
}

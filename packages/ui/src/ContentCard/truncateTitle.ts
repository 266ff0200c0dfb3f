/**
 * Cuts `title` to at most `maxLength` characters, ending in '…' when it was longer. Cuts at the last
 * word boundary when one is near, and never inside a surrogate pair (emoji stay whole).
 */
export function truncateTitle(title: string, maxLength: number): string {
  const chars = Array.from(title);
  if (maxLength < 1 || chars.length <= maxLength) return title;
  const kept = chars.slice(0, maxLength - 1).join('');
  const lastSpace = kept.lastIndexOf(' ');
  // Break at a word boundary only if that keeps most of the room; one long word is cut mid-word.
  const cut = lastSpace >= kept.length * 0.6 ? kept.slice(0, lastSpace) : kept;
  return `${cut.trimEnd()}…`;
}

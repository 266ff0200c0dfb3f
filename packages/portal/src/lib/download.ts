/**
 * Offers a file the portal fetched itself (with the session's token) for download, as a link to it would: an object URL
 * clicked with `download`, then released once the browser has taken it.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL only has to outlive it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

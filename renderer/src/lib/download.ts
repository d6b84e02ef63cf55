/** Saving text as a file from the renderer; the CSV text itself is made by shared/csv.ts. */

/**
 * Saves the parts as one file through a temporary blob link: no IPC, no file dialog in the renderer,
 * and no single string of the whole file is built.
 */
export function downloadText(
  fileName: string,
  parts: string | readonly string[],
  type = 'text/csv;charset=utf-8',
): void {
  const url = URL.createObjectURL(new Blob(typeof parts === 'string' ? [parts] : [...parts], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some engines; a tick later is enough.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Where a download goes, for the words after it: the browser host's page cannot know the folder, only
 * that the browser put it with its downloads; the desktop app asks where to save it.
 */
export function downloadedWhere(): string {
  return window.deskHost === 'browser' ? "in the browser's downloads" : '(saved where you chose)';
}

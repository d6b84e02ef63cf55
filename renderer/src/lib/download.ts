/** Saving text as a file from the renderer; the CSV text itself is made by shared/csv.ts. */

/** Saves text through a temporary blob link: no IPC, no file dialog in the renderer. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
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

/** CSV export of what the grid shows: the filtered and sorted rows, the visible columns, raw values. */
import type { Dataset } from './dataset';
import { rawField } from './values';

/** RFC 4180: quote a field holding a comma, a quote, CR or LF; double the quotes inside. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** RFC 4180 records separated by CRLF, with a final CRLF. */
export function toCsv(records: ReadonlyArray<readonly string[]>): string {
  return records.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export interface CsvColumn {
  id: string;
  label: string;
}

/** Raw values as the exchange sent them ("0" stays "0", not "no limit"); missing and null are empty. */
export function instrumentsCsv(ds: Dataset, order: ArrayLike<number>, columns: readonly CsvColumn[]): string {
  const records: string[][] = [columns.map((c) => c.label)];
  for (let k = 0; k < order.length; k++) {
    const row = ds.rows[order[k]!]!;
    records.push(columns.map((c) => rawField(row, c.id) ?? ''));
  }
  return toCsv(records);
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** instruments-SPOT-20261122-101530.csv, in local time like the grid's times. */
export function csvFileName(scope: string, at: Date): string {
  const date = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `instruments-${scope}-${date}-${time}.csv`;
}

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

/**
 * CSV files that both parsers and spreadsheets read as plain data: RFC 4180 quoting, and a leading
 * apostrophe on any text a spreadsheet would run as a formula (OWASP "CSV injection"). Numbers,
 * negative ones included, are left as numbers.
 */

import { NEGATIVE_DECIMAL_TEXT } from '../../../shared/decimal';

/** What a spreadsheet may evaluate: a cell starting with =, +, -, @, tab or CR… */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  // …unless it is just a negative number ("-0.0001", "-.5", "-1e-8").
  const safe = FORMULA_START.test(value) && !NEGATIVE_DECIMAL_TEXT.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Records separated by CRLF, with a final CRLF. */
export function toCsv(records: Iterable<readonly string[]>): string {
  let out = '';
  for (const r of records) out += `${r.map(csvCell).join(',')}\r\n`;
  return out;
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

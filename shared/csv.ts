/**
 * CSV files that both parsers and spreadsheets read as plain data: RFC 4180 quoting, and a leading
 * apostrophe on any text a spreadsheet would run as a formula (OWASP "CSV injection"). Numbers,
 * negative ones included, are left as numbers. Shared by the renderer's exports, main's streamed
 * Activity export and the CLI.
 */

import { NEGATIVE_DECIMAL_TEXT } from './decimal';

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

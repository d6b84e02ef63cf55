/** CSV export of what the grid shows: the filtered and sorted rows, the visible columns, raw values. */
import type { Dataset } from './dataset';
import { toCsv } from '../../../shared/csv';
import { columnValue } from './columns';

export interface CsvColumn {
  id: string;
  label: string;
}

/**
 * Raw values as the exchange sent them ("0" stays "0", not "no limit"); missing and null are empty.
 * The step columns, which the exchange does not send, hold the step as the grid derives it.
 */
export function instrumentsCsv(ds: Dataset, order: ArrayLike<number>, columns: readonly CsvColumn[]): string {
  const records: string[][] = [columns.map((c) => c.label)];
  for (let k = 0; k < order.length; k++) {
    const row = ds.rows[order[k]!]!;
    records.push(columns.map((c) => columnValue(row, c.id) ?? ''));
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

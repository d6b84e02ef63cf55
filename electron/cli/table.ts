/** Plain aligned text tables for the terminal: no colours, so the output pipes cleanly. */

export interface Column<T> {
  header: string;
  value: (row: T) => string | undefined | null;
  /** Numbers line up on the right. */
  align?: 'left' | 'right';
}

export function renderTable<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((r) => columns.map((c) => c.value(r) ?? ''));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((row) => (row[i] ?? '').length)));
  const line = (values: readonly string[]) =>
    values
      .map((v, i) => {
        const w = widths[i] ?? 0;
        return columns[i]?.align === 'right' ? v.padStart(w) : v.padEnd(w);
      })
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), ...cells.map(line)].join('\n') + '\n';
}

/** "key  value" lines with the keys aligned, for one record. */
export function renderRecord(entries: ReadonlyArray<readonly [string, string]>): string {
  const width = Math.max(0, ...entries.map(([k]) => k.length));
  return entries.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n') + '\n';
}

/** TanStack Table column definitions: the specs grouped into header groups, raw values as cell values. */
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { Instrument } from '../../../shared/schemas';
import { COLUMN_GROUPS, COLUMN_SPECS, columnValue, type ColumnSpec } from './columns';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './prefs';
import type { RawValue } from './values';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    spec?: ColumnSpec;
  }
}

const helper = createColumnHelper<Instrument>();

export const GROUP_ID_PREFIX = 'group:';

/**
 * The columns, each at least as wide as `needed` says for it (the numbers of the list shown, see
 * number-cells.ts): wider than its spec by default, and a drag or a stored width stops there.
 */
export function tableColumns(needed: ReadonlyMap<string, number> = new Map()): Array<ColumnDef<Instrument, RawValue>> {
  return COLUMN_GROUPS.flatMap(([groupId, groupLabel]) => {
    const specs = COLUMN_SPECS.filter((c) => c.group === groupId);
    if (specs.length === 0) return [];
    return [
      helper.group({
        id: `${GROUP_ID_PREFIX}${groupId}`,
        header: groupLabel,
        columns: specs.map((spec) => {
          const min = Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, needed.get(spec.id) ?? 0));
          return helper.accessor((row) => columnValue(row, spec.id), {
            id: spec.id,
            header: spec.label,
            size: Math.max(spec.width, min),
            minSize: min,
            maxSize: MAX_COLUMN_WIDTH,
            meta: { spec },
          });
        }),
      }) as ColumnDef<Instrument, RawValue>,
    ];
  });
}

export const TABLE_COLUMNS: Array<ColumnDef<Instrument, RawValue>> = tableColumns();

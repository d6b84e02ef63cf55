/** TanStack Table column definitions: the specs grouped into header groups, raw values as cell values. */
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { Instrument } from '../../../shared/schemas';
import { COLUMN_GROUPS, COLUMN_SPECS, type ColumnSpec } from './columns';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './prefs';
import { rawField, type RawValue } from './values';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    spec?: ColumnSpec;
  }
}

const helper = createColumnHelper<Instrument>();

export const GROUP_ID_PREFIX = 'group:';

export const TABLE_COLUMNS: Array<ColumnDef<Instrument, RawValue>> = COLUMN_GROUPS.flatMap(([groupId, groupLabel]) => {
  const specs = COLUMN_SPECS.filter((c) => c.group === groupId);
  if (specs.length === 0) return [];
  return [
    helper.group({
      id: `${GROUP_ID_PREFIX}${groupId}`,
      header: groupLabel,
      columns: specs.map((spec) =>
        helper.accessor((row) => rawField(row, spec.id), {
          id: spec.id,
          header: spec.label,
          size: spec.width,
          minSize: MIN_COLUMN_WIDTH,
          maxSize: MAX_COLUMN_WIDTH,
          meta: { spec },
        }),
      ),
    }) as ColumnDef<Instrument, RawValue>,
  ];
});

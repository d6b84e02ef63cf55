/**
 * What the change history adds to the grid's rows: the "new" / "changed" badge of rows changed
 * since the operator last looked, and the star of watched symbols. Keyed like the dataset
 * (category:symbol), looked up per rendered row; never a query per row.
 */
import type { Category } from '../../../shared/schemas';
import type { Dataset } from './dataset';
import type { RowFlags } from './filters';

export type RowMark = 'new' | 'changed';

export interface RowMarks {
  marks: ReadonlyMap<string, RowMark>;
  watched: ReadonlySet<string>;
  toggleWatch(category: Category, symbol: string): void;
  /** The operator has seen these rows (every marked row of the category without `symbols`). */
  markSeen(category: Category, symbols?: string[]): void;
  /** Why the last watch or seen change failed, in words; null when it did not. */
  error: string | null;
}

/** The filters' per-row flags of a dataset: O(marked + watched), not O(rows), per change. */
export function rowFlags(ds: Dataset, rm: RowMarks | undefined): RowFlags {
  const n = ds.rows.length;
  const watched = new Uint8Array(n);
  const marked = new Uint8Array(n);
  if (rm) {
    for (const key of rm.watched) {
      const i = ds.indexOfKey.get(key);
      if (i !== undefined) watched[i] = 1;
    }
    for (const key of rm.marks.keys()) {
      const i = ds.indexOfKey.get(key);
      if (i !== undefined) marked[i] = 1;
    }
  }
  return { watched, marked };
}

/** Client-side filters over a Dataset: cheap per-row checks on values precomputed by buildDataset. */
import { charMask } from './char-mask';
import type { Dataset } from './dataset';

export { charMask } from './char-mask';

export interface InstrumentFilters {
  search: string;
  /** '' any, 'not-online' every status but online, or one status. */
  status: string;
  /** '' any, or one symbolType (lowercase). */
  symbolType: string;
  futuresType: '' | 'perpetual' | 'delivery';
  rwa: '' | 'yes' | 'no';
  restrictedOnly: boolean;
  /** Only the symbols the operator watches (see RowMarks). */
  watchedOnly: boolean;
  /** Only the rows marked new or changed since the operator last looked. */
  changedOnly: boolean;
}

/** Per data row, from the change history: 1 where watched, 1 where marked new or changed. */
export interface RowFlags {
  watched: Uint8Array;
  marked: Uint8Array;
}

export const NO_FILTERS: InstrumentFilters = {
  search: '',
  status: '',
  symbolType: '',
  futuresType: '',
  rwa: '',
  restrictedOnly: false,
  watchedOnly: false,
  changedOnly: false,
};

export function filtersActive(f: InstrumentFilters): boolean {
  return (
    f.search.trim() !== '' ||
    f.status !== '' ||
    f.symbolType !== '' ||
    f.futuresType !== '' ||
    f.rwa !== '' ||
    f.restrictedOnly ||
    f.watchedOnly ||
    f.changedOnly
  );
}

/** Words of the query, each of which must appear in symbol, base or quote ("usdt btc" finds BTCUSDT). */
export function searchTokens(search: string): string[] {
  return search.trim().toLowerCase().split(/\s+/).filter(Boolean);
}

/** The rows of `order` (already sorted) that pass every filter, in the same order. */
export function filterIndexes(order: Int32Array, ds: Dataset, f: InstrumentFilters, flags?: RowFlags): Int32Array {
  if (!filtersActive(f)) return order;
  const tokens = searchTokens(f.search);
  if (
    tokens.length === 1 &&
    f.status === '' &&
    f.symbolType === '' &&
    f.futuresType === '' &&
    f.rwa === '' &&
    !f.restrictedOnly &&
    !f.watchedOnly &&
    !f.changedOnly
  ) {
    return searchOnly(order, ds, tokens[0]!);
  }
  const { haystacks, haystackMasks, statuses, symbolTypes, futuresTypes, rwa, restricted } = ds;
  const need = charMask(tokens.join(''));
  const wantRwa = f.rwa === 'yes' ? 1 : 0;
  const out = new Int32Array(order.length);
  let m = 0;
  outer: for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    if (f.status !== '') {
      if (f.status === 'not-online' ? statuses[i] === 'online' : statuses[i] !== f.status) continue;
    }
    if (f.symbolType !== '' && symbolTypes[i] !== f.symbolType) continue;
    if (f.futuresType !== '' && futuresTypes[i] !== f.futuresType) continue;
    if (f.rwa !== '' && rwa[i] !== wantRwa) continue;
    if (f.restrictedOnly && restricted[i] !== 1) continue;
    // Without the history (none loaded yet), a watched or changed filter keeps no row.
    if (f.watchedOnly && flags?.watched[i] !== 1) continue;
    if (f.changedOnly && flags?.marked[i] !== 1) continue;
    if (tokens.length) {
      if ((haystackMasks[i]! & need) !== need) continue;
      const h = haystacks[i]!;
      for (const t of tokens) if (!h.includes(t)) continue outer;
    }
    out[m++] = i;
  }
  return out.subarray(0, m);
}

const isAsciiLetter = (token: string): boolean => token.length === 1 && token >= 'a' && token <= 'z';

/**
 * The common case, typing in the search box, as one tight loop. The first keystroke is a single
 * letter, which the masks answer exactly (a bit per letter): no text is read at all then.
 */
function searchOnly(order: Int32Array, ds: Dataset, token: string): Int32Array {
  const masks = ds.haystackMasks;
  const need = charMask(token);
  const out = new Int32Array(order.length);
  let m = 0;
  if (isAsciiLetter(token)) {
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      if ((masks[i]! & need) === need) out[m++] = i;
    }
  } else {
    const haystacks = ds.haystacks;
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      if ((masks[i]! & need) === need && haystacks[i]!.includes(token)) out[m++] = i;
    }
  }
  return out.subarray(0, m);
}

/**
 * Whether every row that passes `next` also passes `prev`: the same filters but the search, and
 * each word searched before is part of a word searched now (a letter typed at the end, a word added).
 */
export function narrows(prev: InstrumentFilters, next: InstrumentFilters): boolean {
  if (
    prev.status !== next.status ||
    prev.symbolType !== next.symbolType ||
    prev.futuresType !== next.futuresType ||
    prev.rwa !== next.rwa ||
    prev.restrictedOnly !== next.restrictedOnly ||
    prev.watchedOnly !== next.watchedOnly ||
    prev.changedOnly !== next.changedOnly
  ) {
    return false;
  }
  const words = searchTokens(next.search);
  return searchTokens(prev.search).every((p) => words.some((w) => w.includes(p)));
}

/**
 * filterIndexes that remembers its last answer: while the operator types on (each filter narrowing
 * the last one over the same sorted rows), the next answer is filtered from the last one, which
 * holds those rows in the same order, instead of from every row. One per data set.
 */
export function narrowingFilter(
  ds: Dataset,
): (order: Int32Array, f: InstrumentFilters, flags?: RowFlags) => Int32Array {
  let last: { from: Int32Array; f: InstrumentFilters; flags?: RowFlags; rows: Int32Array } | undefined;
  return (order, f, flags) => {
    const start = last && last.from === order && last.flags === flags && narrows(last.f, f) ? last.rows : order;
    const rows = filterIndexes(start, ds, f, flags);
    last = { from: order, f, flags, rows };
    return rows;
  };
}

/** Search and filters: all client side, over the fetched rows. */
import { memo, useId, type Ref } from 'react';
import { INSTRUMENT_STATUSES } from '../../../shared/schemas';
import type { Dataset } from './dataset';
import type { InstrumentFilters } from './filters';
import { statusLabel } from './format';

const KNOWN_SYMBOL_TYPES = ['crypto', 'metal', 'stock', 'commodity'];

function withCount(label: string, n: number | undefined): string {
  return n ? `${label} (${n})` : label;
}

/**
 * Memoized: a sort or a selection re-renders the browser, not its filters; a keystroke in the
 * search re-renders the search field, not the menus (their options, counts and selected values).
 */
export const FilterBar = memo(function FilterBar({
  ds,
  filters,
  onChange,
  searchRef,
  onSearchDown,
}: {
  ds: Dataset;
  filters: InstrumentFilters;
  onChange(patch: Partial<InstrumentFilters>): void;
  searchRef: Ref<HTMLInputElement>;
  /** ArrowDown in the search box: into the rows. Stable, so a keystroke renders no menu. */
  onSearchDown(): void;
}) {
  const id = useId();
  return (
    <div className="ib-filters" role="group" aria-label="Filters">
      <SearchField
        id={id}
        search={filters.search}
        onChange={onChange}
        searchRef={searchRef}
        onSearchDown={onSearchDown}
      />
      <MenuFilters
        id={id}
        ds={ds}
        status={filters.status}
        symbolType={filters.symbolType}
        futuresType={filters.futuresType}
        rwa={filters.rwa}
        restrictedOnly={filters.restrictedOnly}
        onChange={onChange}
      />
    </div>
  );
});

const SearchField = memo(function SearchField({
  id,
  search,
  onChange,
  searchRef,
  onSearchDown,
}: {
  id: string;
  search: string;
  onChange(patch: Partial<InstrumentFilters>): void;
  searchRef: Ref<HTMLInputElement>;
  onSearchDown(): void;
}) {
  return (
    <span className="ib-field">
      <label htmlFor={`${id}-search`}>Search symbols</label>
      <span className="ib-search-wrap">
        <input
          ref={searchRef}
          id={`${id}-search`}
          type="search"
          className="ib-search"
          placeholder="Symbol, base or quote"
          title="Search symbol, base and quote coin (shortcut: /; ↓ goes on into the rows)"
          value={search}
          onChange={(e) => onChange({ search: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && search) {
              e.stopPropagation();
              onChange({ search: '' });
            } else if (e.key === 'ArrowDown' && !(e.altKey || e.ctrlKey || e.metaKey || e.shiftKey)) {
              e.preventDefault();
              onSearchDown();
            }
          }}
          spellCheck={false}
          autoComplete="off"
        />
        {/* Hidden, not removed, once there is text: the first keystroke then lays nothing out again. */}
        <kbd className={`ib-kbd${search ? ' is-hidden' : ''}`} aria-hidden="true">
          /
        </kbd>
      </span>
    </span>
  );
});

type MenuValues = Pick<InstrumentFilters, 'status' | 'symbolType' | 'futuresType' | 'rwa' | 'restrictedOnly'>;

const MenuFilters = memo(function MenuFilters({
  id,
  ds,
  status,
  symbolType,
  futuresType,
  rwa,
  restrictedOnly,
  onChange,
}: MenuValues & { id: string; ds: Dataset; onChange(patch: Partial<InstrumentFilters>): void }) {
  const statuses = [
    ...INSTRUMENT_STATUSES,
    ...[...ds.statusCounts.keys()].filter((s) => !(INSTRUMENT_STATUSES as readonly string[]).includes(s)),
  ];
  const symbolTypes = [
    ...KNOWN_SYMBOL_TYPES,
    ...[...ds.symbolTypeCounts.keys()].filter((s) => !KNOWN_SYMBOL_TYPES.includes(s)),
  ];
  const notOnline = ds.rows.length - (ds.statusCounts.get('online') ?? 0);
  return (
    <>
      <span className="ib-field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          className="ib-status-select"
          value={status}
          onChange={(e) => onChange({ status: e.target.value })}
        >
          <option value="">Any</option>
          <option value="not-online">{withCount('Not online', notOnline)}</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {withCount(statusLabel(s), ds.statusCounts.get(s))}
            </option>
          ))}
        </select>
      </span>
      <span className="ib-field">
        <label htmlFor={`${id}-symbolType`}>Symbol type</label>
        <select
          id={`${id}-symbolType`}
          className="ib-type-select"
          value={symbolType}
          onChange={(e) => onChange({ symbolType: e.target.value })}
        >
          <option value="">Any</option>
          {symbolTypes.map((s) => (
            <option key={s} value={s}>
              {withCount(s, ds.symbolTypeCounts.get(s))}
            </option>
          ))}
        </select>
      </span>
      <span className="ib-field">
        <label htmlFor={`${id}-futuresType`}>Futures type</label>
        <select
          id={`${id}-futuresType`}
          value={futuresType}
          onChange={(e) => onChange({ futuresType: e.target.value as InstrumentFilters['futuresType'] })}
        >
          <option value="">Any</option>
          <option value="perpetual">Perpetual</option>
          <option value="delivery">Delivery</option>
        </select>
      </span>
      <span className="ib-field">
        <label htmlFor={`${id}-rwa`}>RWA</label>
        <select
          id={`${id}-rwa`}
          value={rwa}
          onChange={(e) => onChange({ rwa: e.target.value as InstrumentFilters['rwa'] })}
        >
          <option value="">Any</option>
          <option value="yes">RWA only</option>
          <option value="no">Not RWA</option>
        </select>
      </span>
      <label className="ib-check" title="Off time, limit-open time or maintenance time is set">
        <input
          type="checkbox"
          checked={restrictedOnly}
          onChange={(e) => onChange({ restrictedOnly: e.target.checked })}
        />
        Has restrictions
      </label>
    </>
  );
});

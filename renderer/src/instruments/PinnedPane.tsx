/**
 * Keeps the Symbol column in view while scrolling sideways: one sticky pane (one compositing
 * layer) over the rows, instead of a sticky cell per row, which made every frame re-layerize.
 * Indices: data row, view position and slot, as defined in InstrumentGrid.tsx.
 */
import { memo, useLayoutEffect, useRef } from 'react';
import { writeParts } from './cell-dom';
import type { Dataset } from './dataset';
import { symbolCell } from './grid-cells';
import { ROW_HEIGHT } from './grid-layout';
import { rowClassName } from './GridRow';
import type { RowMark } from './row-marks';

/** The Symbol cell drawn again in the pinned pane; the row keeps its own (accessible) one. */
const PinnedCell = memo(function PinnedCell({
  ds,
  row,
  pos,
  selected,
  now,
  seeking,
  mark,
  watched,
}: {
  ds: Dataset;
  row: number;
  pos: number;
  selected: boolean;
  now: number;
  seeking: boolean;
  mark: RowMark | undefined;
  watched: boolean | undefined;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Written like the row's own cells (cell-dom.ts), from the same description.
  useLayoutEffect(() => {
    if (ref.current)
      writeParts(
        ref.current,
        seeking ? [ds.text('symbol', row)] : symbolCell(ds, row, now, { mark, watched, copy: true }).parts,
      );
  });
  return (
    <div
      ref={ref}
      className={`ig-pin${rowClassName(ds, row, pos, selected)}`}
      style={{ top: pos * ROW_HEIGHT }}
      data-pos={pos}
    />
  );
});

/**
 * The pane's cells follow the rendered rows: the same view positions, keyed by the same slots.
 * Hidden from assistive technology: each row still holds its own Symbol cell.
 */
export function PinnedPane({
  ds,
  order,
  positions,
  slotCount,
  selectedPos,
  width,
  height,
  now,
  seeking,
  marks,
  watched,
}: {
  ds: Dataset;
  /** The data row at each view position. */
  order: Int32Array;
  /** The view positions rendered. */
  positions: readonly number[];
  slotCount: number;
  selectedPos: number;
  width: number;
  height: number;
  now: number;
  seeking: boolean;
  marks?: ReadonlyMap<string, RowMark>;
  /** Undefined: no stars. */
  watched?: ReadonlySet<string>;
}) {
  return (
    <div className="ig-pinpane" aria-hidden="true" style={{ width, height }}>
      {positions.map((pos) => (
        <PinnedCell
          key={pos % slotCount}
          ds={ds}
          row={order[pos]!}
          pos={pos}
          selected={pos === selectedPos}
          now={now}
          seeking={seeking}
          mark={marks?.get(ds.keyOf(order[pos]!))}
          watched={watched ? watched.has(ds.keyOf(order[pos]!)) : undefined}
        />
      ))}
    </div>
  );
}

/**
 * The desk's nudges of Price and Quantity: ↑/↓ in a field, and the Price helpers (±N ticks, ±x %).
 * Every value comes from the shared step arithmetic (shared/steps.ts); this module only decides
 * where a nudge starts and which way a percent shift rounds.
 */
import { isPositiveDecimal } from '../../../shared/decimal';
import { nudge, shiftByPercent, type Grid, type Toward } from '../../../shared/steps';

/** Shift+↑/↓ moves this many steps. */
export const SHIFT_STEPS = 10;
/** The ticks helper accepts whole numbers up to this (a typo like 10000 would be a jump, not a nudge). */
export const MAX_TICKS = 1000;

interface KeyLike {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** Steps for a key press in Price or Quantity: ±1, ±10 with Shift; undefined for any other key. */
export function nudgeSteps(e: KeyLike): number | undefined {
  if (e.altKey || e.ctrlKey || e.metaKey) return undefined;
  const dir = e.key === 'ArrowUp' ? 1 : e.key === 'ArrowDown' ? -1 : 0;
  if (!dir) return undefined;
  return dir * (e.shiftKey ? SHIFT_STEPS : 1);
}

/** Where a nudge starts: what is typed, else the order's current value (an empty field means "unchanged"). */
export function nudgeBase(typed: string, current: string | undefined): string | undefined {
  return typed.trim() || current?.trim() || undefined;
}

/** The field's value moved by n steps, or undefined when there is no step or no value to start from. */
export function nudgedValue(
  typed: string,
  current: string | undefined,
  grid: Grid | undefined,
  n: number,
): string | undefined {
  const base = nudgeBase(typed, current);
  return grid && base ? nudge(base, grid, n) : undefined;
}

/** A percent shift rounds toward the operator's side: a buy never pays more, a sell never gets less. */
export function towardOf(side: string | undefined): Toward | undefined {
  return side === 'buy' ? 'down' : side === 'sell' ? 'up' : undefined;
}

/** The price shifted by pct %, on the grid toward the side; undefined when it cannot be (or would be ≤ 0). */
export function shiftedPrice(
  typed: string,
  current: string | undefined,
  grid: Grid | undefined,
  pct: string,
  side: string | undefined,
): string | undefined {
  const base = nudgeBase(typed, current);
  const toward = towardOf(side);
  if (!grid || !base || !toward) return undefined;
  const r = shiftByPercent(base, pct, grid, toward);
  return r && isPositiveDecimal(r.value) ? r.value : undefined;
}

/** A whole number of ticks typed in the helper, or undefined. */
export function parseTicks(s: string): number | undefined {
  const t = s.trim();
  if (!/^\d{1,4}$/.test(t)) return undefined;
  const n = Number(t);
  return n >= 1 && n <= MAX_TICKS ? n : undefined;
}

/** A positive percent typed in the helper (below 100: a cut of 100 % or more is no price), or undefined. */
export function parsePercent(s: string): string | undefined {
  const t = s.trim();
  return isPositiveDecimal(t) && t.length <= 8 && Number(t) < 100 ? t : undefined;
}

/** The helpers' note on rounding: "rounds down to 0.1 for a buy". */
export function roundingHint(side: string | undefined, grid: Grid | undefined): string {
  const toward = towardOf(side);
  if (!grid) return 'Needs the instrument (its price step)';
  if (!toward) return 'Load the order: % rounds toward its side';
  return `% rounds ${toward} to ${grid.step} for a ${side}`;
}

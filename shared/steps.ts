/**
 * The price and quantity steps of an instrument and the exact arithmetic on them: nudges, percent
 * shifts rounded toward a side, distances in steps. One home for "which values may an order carry",
 * used by the amend rules (the check), the desk's nudges, the amend-many planner and the CLI.
 * Decimal strings in and out; nothing passes through a float.
 */
import { Dec, toDec } from './decimal';
import { isFuturesCategory, type Instrument } from './schemas';

/**
 * What the exchange demands of one field of an order: at most `places` decimals (pricePrecision /
 * quantityPrecision, every category) and, for futures only, a multiple of priceMultiplier /
 * quantityMultiplier. Spot and margin have no multiple: precision alone sets their step.
 */
export interface GridRules {
  places?: number;
  multiple?: string;
}

/** A step and the decimals its values are written with (the instrument's precision). */
export interface Grid {
  step: string;
  places: number;
}

/** A grid, or a bare step written with its own decimals ("0.1" → values like "60000.1"). */
export type GridLike = Grid | string;

export type Toward = 'down' | 'up';

/** A value put onto a grid; `rounded` is false when it was on the grid already. */
export interface OnGrid {
  value: string;
  rounded: boolean;
}

/** A whole number of decimal places, or undefined for "", junk, negatives and fractions. */
function placesOf(s: string | undefined): number | undefined {
  const d = toDec(s);
  return d && d.isInteger() && d.gte(0) ? d.toNumber() : undefined;
}

export function gridRules(ins: Instrument, field: 'price' | 'qty'): GridRules {
  const places = placesOf(field === 'price' ? ins.pricePrecision : ins.quantityPrecision);
  const m = toDec(field === 'price' ? ins.priceMultiplier : ins.quantityMultiplier);
  // A missing, empty or zero multiplier means "no multiple", as isMultipleOf treats it.
  const multiple = isFuturesCategory(ins.category) && m && m.gt(0) ? m.toFixed() : undefined;
  return {
    ...(places !== undefined ? { places } : {}),
    ...(multiple !== undefined ? { multiple } : {}),
  };
}

function gcd(a: Dec, b: Dec): Dec {
  let x = a;
  let y = b;
  while (!y.isZero()) [x, y] = [y, x.mod(y)];
  return x;
}

/**
 * The finest step whose every multiple obeys both rules: the least common multiple of 10^-places and
 * the multiple. The specification writes the multiplier with pricePrecision decimals, so this is the
 * multiplier itself; the LCM only matters if the exchange ever sends the two out of line.
 */
export function gridOf(rules: GridRules): Grid | undefined {
  const unit = rules.places !== undefined ? new Dec(10).pow(-rules.places) : undefined;
  const multiple = rules.multiple !== undefined ? new Dec(rules.multiple) : undefined;
  let step = unit ?? multiple;
  if (!step) return undefined;
  if (unit && multiple) {
    const scale = new Dec(10).pow(Math.max(unit.decimalPlaces(), multiple.decimalPlaces()));
    const a = unit.mul(scale);
    const b = multiple.mul(scale);
    step = a.mul(b).div(gcd(a, b)).div(scale);
  }
  return { step: step.toFixed(), places: Math.max(rules.places ?? 0, step.decimalPlaces()) };
}

/** The price step: futures priceMultiplier, spot and margin 10^-pricePrecision. */
export function priceStep(ins: Instrument): Grid | undefined {
  return gridOf(gridRules(ins, 'price'));
}

/** The quantity step: futures quantityMultiplier, spot and margin 10^-quantityPrecision. */
export function quantityStep(ins: Instrument): Grid | undefined {
  return gridOf(gridRules(ins, 'qty'));
}

/**
 * The step of one field as the app's grid and panel, the desk and the CLI show it ("0.01" for a spot
 * pair of pricePrecision 2, "0.1" for a contract of priceMultiplier 0.1); undefined when the
 * instrument says none. The same step the amend rules check against and the desk nudges by.
 */
export function stepText(ins: Instrument, field: 'price' | 'qty'): string | undefined {
  return (field === 'price' ? priceStep(ins) : quantityStep(ins))?.step;
}

function asGrid(g: GridLike): { step: Dec; places: number } | undefined {
  const step = toDec(typeof g === 'string' ? g : g.step);
  if (!step || step.lte(0)) return undefined;
  return { step, places: typeof g === 'string' ? step.decimalPlaces() : Math.max(g.places, step.decimalPlaces()) };
}

// Negative zero would print as "-0.0".
const format = (d: Dec, places: number): string => (d.isZero() ? new Dec(0) : d).toFixed(places);

function onGrid(v: Dec, step: Dec, toward: Toward): Dec {
  return v.toNearest(step, toward === 'down' ? Dec.ROUND_FLOOR : Dec.ROUND_CEIL);
}

/** The value put onto the grid, rounding toward `toward` when it is off; undefined for junk. */
export function roundToStep(value: string, grid: GridLike, toward: Toward): OnGrid | undefined {
  const g = asGrid(grid);
  const v = toDec(value);
  if (!g || !v) return undefined;
  const r = onGrid(v, g.step, toward);
  return { value: format(r, g.places), rounded: !r.eq(v) };
}

function checkCount(n: number): void {
  if (!Number.isSafeInteger(n)) throw new RangeError(`A number of steps must be a whole number, not ${n}`);
}

/**
 * `value` moved by n steps (n < 0: down), exactly. A value off the grid first goes to the nearest
 * grid value in the direction of travel, and that counts as the first step: ↑ from 100.05 (step 0.1)
 * gives 100.1, "+2 steps" 100.2 — the n-th grid value passed, as an operator counts ticks. The
 * result may be zero or below: `nudge` clamps, the planner excludes. n = 0 snaps to the nearest.
 */
export function moveBySteps(value: string, grid: GridLike, n: number): OnGrid | undefined {
  checkCount(n);
  const g = asGrid(grid);
  const v = toDec(value);
  if (!g || !v) return undefined;
  if (n === 0) {
    const r = v.toNearest(g.step, Dec.ROUND_HALF_UP);
    return { value: format(r, g.places), rounded: !r.eq(v) };
  }
  const snapped = onGrid(v, g.step, n > 0 ? 'up' : 'down');
  const rounded = !snapped.eq(v);
  const rest = rounded ? n - Math.sign(n) : n;
  return { value: format(snapped.plus(g.step.mul(rest)), g.places), rounded };
}

/**
 * The ↑/↓ of the Price and Quantity fields (n = ±1; with Shift ±10): moveBySteps, but never to zero
 * or below — it stops at one step, the smallest value an order can carry. Undefined for junk.
 */
export function nudge(value: string, grid: GridLike, n: number): string | undefined {
  const moved = moveBySteps(value, grid, n);
  if (!moved) return undefined;
  if (new Dec(moved.value).gt(0)) return moved.value;
  const g = asGrid(grid) as { step: Dec; places: number };
  return format(g.step, g.places);
}

/**
 * value × (1 + pct / 100), put onto the grid toward `toward` (the caller picks the operator's side:
 * a buy rounds down, a sell up). The result may be zero or below; undefined for junk.
 */
export function shiftByPercent(value: string, pct: string, grid: GridLike, toward: Toward): OnGrid | undefined {
  const p = toDec(pct);
  const v = toDec(value);
  if (!p || !v) return undefined;
  return roundToStep(v.mul(p.div(100).plus(1)).toFixed(), grid, toward);
}

/** value × pct / 100 (pct = 50 halves it), put onto the grid toward `toward`; undefined for junk. */
export function scaleToPercent(value: string, pct: string, grid: GridLike, toward: Toward): OnGrid | undefined {
  const p = toDec(pct);
  const v = toDec(value);
  if (!p || !v) return undefined;
  return roundToStep(v.mul(p).div(100).toFixed(), grid, toward);
}

/** (b − a) in steps: "3" from 100.0 to 100.3 at 0.1; "-2.5" when b is below a and off the grid. Two decimals at most. */
export function stepsBetween(a: string, b: string, grid: GridLike): string | undefined {
  const g = asGrid(grid);
  const da = toDec(a);
  const db = toDec(b);
  if (!g || !da || !db) return undefined;
  const steps = db.minus(da).div(g.step).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
  return (steps.isZero() ? new Dec(0) : steps).toFixed();
}

export interface MarketDistance {
  /** (price − market) / market × 100, two decimals: "0.25", "-1.00". */
  pct: string;
  /** (price − market) / step: "25", "-0.5". */
  steps: string;
}

/** How far a price is from the market, above (positive) or below; undefined for junk or a zero market. */
export function distanceFromMarket(price: string, market: string, grid: GridLike): MarketDistance | undefined {
  const p = toDec(price);
  const m = toDec(market);
  const steps = stepsBetween(market, price, grid);
  if (!p || !m || m.isZero() || steps === undefined) return undefined;
  const pct = p.minus(m).div(m).mul(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
  return { pct: format(pct, 2), steps };
}

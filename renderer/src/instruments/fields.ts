/**
 * Every instrument field of the specification, in the order an operator reads the detail panel:
 * grouped (steps, limits, fees, leverage, status and times first; what names the pair last, as the
 * panel's title already does). A field the exchange sends that is not here is a new one: the panel
 * still shows it, in a group of its own.
 */
import { FORMAT_OF_KIND, isNumericKind, type ColumnKind } from './columns';
import { isEmptyValue, type RawValue } from './values';
import type { Instrument } from '../../../shared/schemas';
import { gridRules, stepText } from '../../../shared/steps';

/** The detail panel's groups, in reading order, with their headings. */
export const FIELD_GROUPS = [
  ['steps', 'Steps and precision'],
  ['limits', 'Order limits'],
  ['fees', 'Fees'],
  ['leverage', 'Leverage'],
  ['times', 'Status and times'],
  ['margin', 'Margin borrowing'],
  ['identity', 'Instrument'],
  ['new', 'Not in the specification'],
] as const;
export type FieldGroupId = (typeof FIELD_GROUPS)[number][0];

export interface FieldInfo {
  label: string;
  kind: ColumnKind;
  group: FieldGroupId;
}

const f = (group: FieldGroupId, label: string, kind: ColumnKind = 'text'): FieldInfo => ({ label, kind, group });

// prettier-ignore
export const SPEC_FIELDS: Readonly<Record<string, FieldInfo>> = {
  // The steps (derived, see stepRows) come first in this group.
  pricePrecision: f('steps', 'Price decimals', 'number'),
  quantityPrecision: f('steps', 'Quantity decimals', 'number'),
  quotePrecision: f('steps', 'Quote decimals', 'number'),
  priceMultiplier: f('steps', 'Price multiplier', 'number'),
  quantityMultiplier: f('steps', 'Quantity multiplier', 'number'),
  minOrderQty: f('limits', 'Min order qty', 'number'),
  maxOrderQty: f('limits', 'Max limit order qty', 'maxQty'),
  maxMarketOrderQty: f('limits', 'Max market order qty', 'number'),
  minOrderAmount: f('limits', 'Min order amount', 'number'),
  buyLimitPriceRatio: f('limits', 'Buy price limit', 'percent'),
  sellLimitPriceRatio: f('limits', 'Sell price limit', 'percent'),
  maxSymbolOrderNum: f('limits', 'Max orders per pair', 'number'),
  maxProductOrderNum: f('limits', 'Max orders per product', 'number'),
  maxPositionNum: f('limits', 'Max positions per pair', 'number'),
  makerFeeRate: f('fees', 'Maker fee', 'percent'),
  takerFeeRate: f('fees', 'Taker fee', 'percent'),
  feeRateUpRatio: f('fees', 'Fee markup', 'percent'),
  openCostUpRatio: f('fees', 'Opening cost markup', 'percent'),
  minLeverage: f('leverage', 'Min leverage', 'number'),
  maxLeverage: f('leverage', 'Max leverage', 'number'),
  maxCrossedLeverage: f('leverage', 'Max cross leverage', 'number'),
  maxIsolatedLeverage: f('leverage', 'Max isolated leverage', 'number'),
  status: f('times', 'Status', 'status'),
  launchTime: f('times', 'Launch time', 'time'),
  offTime: f('times', 'Trading halt time', 'time'),
  limitOpenTime: f('times', 'Restricted open time', 'time'),
  maintainTime: f('times', 'Maintenance time', 'time'),
  deliveryTime: f('times', 'Delivery time', 'time'),
  deliveryStartTime: f('times', 'Delivery start time', 'time'),
  deliveryPeriod: f('times', 'Delivery period'),
  fundInterval: f('times', 'Funding interval (h)', 'number'),
  isIsolatedBaseBorrowable: f('margin', 'Borrow base (isolated)'),
  isIsolatedQuotedBorrowable: f('margin', 'Borrow quote (isolated)'),
  warningRiskRatio: f('margin', 'Warning risk ratio', 'number'),
  liquidationRiskRatio: f('margin', 'Liquidation risk ratio', 'number'),
  userMinBorrow: f('margin', 'Min borrow amount', 'number'),
  symbol: f('identity', 'Symbol'),
  category: f('identity', 'Product type', 'category'),
  baseCoin: f('identity', 'Base coin'),
  quoteCoin: f('identity', 'Quote coin'),
  type: f('identity', 'Futures type'),
  symbolType: f('identity', 'Symbol type'),
  isRwa: f('identity', 'RWA symbol'),
  isReality: f('identity', 'Reality stock token'),
  areaSymbol: f('identity', 'Area symbol'),
};

export interface FieldRow {
  field: string;
  label: string;
  raw: RawValue;
  /** Raw text to copy and to show: null is shown as null, a missing field never gets here. */
  rawText: string;
  formatted: string;
  /** Not in the specification: a field of a newer API version. */
  unknown: boolean;
  /** A number (or a percentage, a quantity limit): shown whole, never broken across lines. */
  numeric: boolean;
  /** Not sent by the exchange but derived (the steps): the field it comes from. */
  derivedFrom?: string;
  group: FieldGroupId;
}

export interface FieldGroup {
  id: FieldGroupId;
  heading: string;
  rows: FieldRow[];
}

/**
 * The price and quantity steps (shared/steps.ts, as the grid, the desk and the CLI take them), the
 * first rows of the panel: spot and margin send no multiplier, so the raw fields alone hide the step.
 */
function stepRows(instrument: Instrument): FieldRow[] {
  const rows: FieldRow[] = [];
  for (const [field, label, which] of [
    ['priceStep', 'Price step', 'price'],
    ['quantityStep', 'Quantity step', 'qty'],
  ] as const) {
    const step = stepText(instrument, which);
    if (step === undefined) continue;
    const fromMultiplier = gridRules(instrument, which).multiple !== undefined;
    const from =
      which === 'price' ? ['priceMultiplier', 'pricePrecision'] : ['quantityMultiplier', 'quantityPrecision'];
    rows.push({
      field,
      label,
      raw: step,
      rawText: step,
      formatted: FORMAT_OF_KIND.number(step),
      unknown: false,
      numeric: true,
      derivedFrom: fromMultiplier ? from[0] : `10^-${from[1]}`,
      group: 'steps',
    });
  }
  return rows;
}

/** Every field the exchange returned for this instrument, in reading order: the steps, spec fields, new ones. */
export function fieldRows(instrument: Instrument): FieldRow[] {
  const record = instrument as Record<string, unknown>;
  const present = Object.keys(record);
  // Field names are the exchange's: `constructor` or `toString` must not find Object.prototype's.
  const known = Object.keys(SPEC_FIELDS).filter((k) => Object.hasOwn(record, k));
  const unknown = present.filter((k) => !Object.hasOwn(SPEC_FIELDS, k));
  const rows = [...known, ...unknown].map((field): FieldRow => {
    const value = record[field];
    const raw: RawValue =
      value === null || value === undefined
        ? (value as null | undefined)
        : typeof value === 'string'
          ? value
          : JSON.stringify(value);
    const info = Object.hasOwn(SPEC_FIELDS, field) ? SPEC_FIELDS[field] : undefined;
    const rawText = raw === null ? 'null' : (raw ?? '');
    const formatted = info ? FORMAT_OF_KIND[info.kind](raw) : isEmptyValue(raw) ? '—' : rawText;
    const numeric = info ? isNumericKind(info.kind) : false;
    const group = info?.group ?? 'new';
    return { field, label: info?.label ?? field, raw, rawText, formatted, unknown: !info, numeric, group };
  });
  return [...stepRows(instrument), ...rows];
}

/** The rows in their headed groups, in reading order; a group with no field sent is left out. */
export function fieldGroups(instrument: Instrument): FieldGroup[] {
  const rows = fieldRows(instrument);
  return FIELD_GROUPS.map(([id, heading]) => ({ id, heading, rows: rows.filter((r) => r.group === id) })).filter(
    (g) => g.rows.length > 0,
  );
}

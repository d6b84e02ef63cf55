/**
 * Every instrument field of the specification, in a reading order for the detail panel. A field the
 * exchange sends that is not here is a new one: the panel still shows it, marked as such.
 */
import { FORMAT_OF_KIND, isNumericKind, type ColumnKind } from './columns';
import { isEmptyValue, type RawValue } from './values';
import type { Instrument } from '../../../shared/schemas';
import { gridRules, stepText } from '../../../shared/steps';

export interface FieldInfo {
  label: string;
  kind: ColumnKind;
}

const f = (label: string, kind: ColumnKind = 'text'): FieldInfo => ({ label, kind });

export const SPEC_FIELDS: Readonly<Record<string, FieldInfo>> = {
  symbol: f('Symbol'),
  category: f('Product type', 'category'),
  baseCoin: f('Base coin'),
  quoteCoin: f('Quote coin'),
  status: f('Status', 'status'),
  type: f('Futures type'),
  symbolType: f('Symbol type'),
  isRwa: f('RWA symbol'),
  isReality: f('Reality stock token'),
  areaSymbol: f('Area symbol'),
  minOrderQty: f('Minimum order quantity', 'number'),
  maxOrderQty: f('Maximum limit order quantity', 'maxQty'),
  maxMarketOrderQty: f('Maximum market order quantity', 'number'),
  minOrderAmount: f('Minimum order amount', 'number'),
  maxSymbolOrderNum: f('Maximum orders per pair', 'number'),
  maxProductOrderNum: f('Maximum orders per product line', 'number'),
  maxPositionNum: f('Maximum positions per pair', 'number'),
  makerFeeRate: f('Maker fee', 'percent'),
  takerFeeRate: f('Taker fee', 'percent'),
  feeRateUpRatio: f('Fee markup', 'percent'),
  openCostUpRatio: f('Opening cost markup', 'percent'),
  minLeverage: f('Minimum leverage', 'number'),
  maxLeverage: f('Maximum leverage', 'number'),
  maxCrossedLeverage: f('Maximum cross leverage', 'number'),
  maxIsolatedLeverage: f('Maximum isolated leverage', 'number'),
  pricePrecision: f('Price precision (decimals)', 'number'),
  quantityPrecision: f('Quantity precision (decimals)', 'number'),
  quotePrecision: f('Quote precision (decimals)', 'number'),
  priceMultiplier: f('Price multiplier (futures)', 'number'),
  quantityMultiplier: f('Quantity multiplier (futures)', 'number'),
  buyLimitPriceRatio: f('Buy price limit ratio', 'percent'),
  sellLimitPriceRatio: f('Sell price limit ratio', 'percent'),
  launchTime: f('Launch time', 'time'),
  offTime: f('Trading halt time', 'time'),
  limitOpenTime: f('Restricted open time', 'time'),
  maintainTime: f('Maintenance time', 'time'),
  deliveryTime: f('Delivery time', 'time'),
  deliveryStartTime: f('Delivery start time', 'time'),
  deliveryPeriod: f('Delivery period'),
  fundInterval: f('Funding interval (hours)', 'number'),
  isIsolatedBaseBorrowable: f('Base coin borrowable (isolated)'),
  isIsolatedQuotedBorrowable: f('Quote coin borrowable (isolated)'),
  warningRiskRatio: f('Warning risk ratio', 'number'),
  liquidationRiskRatio: f('Liquidation risk ratio', 'number'),
  userMinBorrow: f('Minimum borrowable amount', 'number'),
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
}

/**
 * The price and quantity steps (shared/steps.ts, as the grid, the desk and the CLI take them),
 * listed before the multipliers: spot and margin send none, so the raw fields alone hide the step.
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
    });
  }
  return rows;
}

/** Every field the exchange returned for this instrument: spec fields in reading order, then new ones. */
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
    return { field, label: info?.label ?? field, raw, rawText, formatted, unknown: !info, numeric };
  });
  // After the precisions, where the multipliers (if any) follow.
  const order = Object.keys(SPEC_FIELDS);
  const after = order.indexOf('quotePrecision');
  const at = known.findIndex((k) => order.indexOf(k) > after);
  rows.splice(at < 0 ? known.length : at, 0, ...stepRows(instrument));
  return rows;
}

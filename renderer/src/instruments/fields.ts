/**
 * Every instrument field of the specification, in a reading order for the detail panel. A field the
 * exchange sends that is not here is a new one: the panel still shows it, marked as such.
 */
import { FORMAT_OF_KIND, type ColumnKind } from './columns';
import { isEmptyValue, type RawValue } from './values';
import type { Instrument } from '../../../shared/schemas';

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
  priceMultiplier: f('Price step', 'number'),
  quantityMultiplier: f('Quantity step', 'number'),
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
}

/** Every field the exchange returned for this instrument: spec fields in reading order, then new ones. */
export function fieldRows(instrument: Instrument): FieldRow[] {
  const record = instrument as Record<string, unknown>;
  const present = Object.keys(record);
  // Field names are the exchange's: `constructor` or `toString` must not find Object.prototype's.
  const known = Object.keys(SPEC_FIELDS).filter((k) => Object.hasOwn(record, k));
  const unknown = present.filter((k) => !Object.hasOwn(SPEC_FIELDS, k));
  return [...known, ...unknown].map((field) => {
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
    return { field, label: info?.label ?? field, raw, rawText, formatted, unknown: !info };
  });
}

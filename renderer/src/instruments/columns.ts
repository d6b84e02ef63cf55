/**
 * The grid's columns: which field, how it is shown, how it sorts, and what it means (from the API
 * specification, shown as the header's tooltip).
 */
import {
  CATEGORY_RULE,
  MAX_QTY_RULE,
  NUMERIC_RULE,
  STATUS_RULE,
  TEXT_RULE,
  TIME_RULE,
  type SortRule,
} from './sort-keys';
import { formatDecimal, formatMaxQty, formatPercent, formatTime, statusLabel, UNSET } from './format';
import { stepText } from '../../../shared/steps';
import { isFuturesCategory, type Instrument } from '../../../shared/schemas';
import { isEmptyValue, rawField, type RawValue } from './values';

export type ColumnKind = 'text' | 'number' | 'percent' | 'maxQty' | 'time' | 'status' | 'category';

export const COLUMN_GROUPS = [
  ['identity', 'Instrument'],
  ['status', 'State'],
  ['limits', 'Limits'],
  ['fees', 'Fees'],
  ['leverage', 'Leverage'],
  ['precision', 'Precision'],
  ['priceLimits', 'Price limits'],
  ['times', 'Times'],
  ['other', 'Other'],
] as const;
export type ColumnGroupId = (typeof COLUMN_GROUPS)[number][0];

export interface ColumnSpec {
  /** Column id: the instrument field it shows. */
  id: string;
  label: string;
  group: ColumnGroupId;
  kind: ColumnKind;
  description: string;
  width: number;
  hiddenByDefault?: boolean;
  /** A value the exchange does not send but the grid derives (the steps); else the field itself. */
  derive?: (instrument: Instrument) => RawValue;
}

const col = (
  id: string,
  label: string,
  group: ColumnGroupId,
  kind: ColumnKind,
  width: number,
  description: string,
  hiddenByDefault = false,
  derive?: ColumnSpec['derive'],
): ColumnSpec => ({
  id,
  label,
  group,
  kind,
  width,
  description,
  hiddenByDefault,
  ...(derive ? { derive } : {}),
});

/**
 * stepText per distinct (field, futures or not, precision, multiplier): a step takes decimal
 * arithmetic, and counting or sorting 50,000 rows by a step column must not do it 50,000 times.
 * Nested maps, so a lookup builds no key string. A list has a few dozen distinct pairs.
 */
const STEP_CACHE = new Map<string, Map<string | undefined, Map<string | undefined, string | undefined>>>();
function cachedStep(i: Instrument, field: 'price' | 'qty'): string | undefined {
  const price = field === 'price';
  const [p, m] = price ? [i.pricePrecision, i.priceMultiplier] : [i.quantityPrecision, i.quantityMultiplier];
  const kind = isFuturesCategory(i.category) ? (price ? 'pf' : 'qf') : price ? 'ps' : 'qs';
  let byPrecision = STEP_CACHE.get(kind);
  if (!byPrecision) STEP_CACHE.set(kind, (byPrecision = new Map()));
  let byMultiplier = byPrecision.get(p);
  if (!byMultiplier) {
    if (byPrecision.size > 1000) byPrecision.clear();
    byPrecision.set(p, (byMultiplier = new Map()));
  }
  if (byMultiplier.has(m)) return byMultiplier.get(m);
  if (byMultiplier.size > 1000) byMultiplier.clear();
  const step = stepText(i, field);
  byMultiplier.set(m, step);
  return step;
}

// prettier-ignore
export const COLUMN_SPECS: readonly ColumnSpec[] = [
  // Room for the star and a "changed" badge beside a usual symbol.
  col('symbol', 'Symbol', 'identity', 'text', 164, 'Symbol name: base coin followed by quote coin'),
  col('baseCoin', 'Base', 'identity', 'text', 64, 'Base coin'),
  col('quoteCoin', 'Quote', 'identity', 'text', 60, 'Quote coin'),
  col('category', 'Category', 'identity', 'category', 112, 'Product type'),
  col('type', 'Type', 'identity', 'text', 76, 'Futures type: perpetual or delivery'),
  col('symbolType', 'Symbol type', 'identity', 'text', 84, 'crypto, metal, stock or commodity'),
  col('isRwa', 'RWA', 'identity', 'text', 52, 'Whether the symbol is an RWA (real-world asset) symbol', true),
  // Wide enough for its longest badge, "API restricted", in the widest font of the app's stacks.
  col('status', 'Status', 'status', 'status', 120, 'Trading pair status'),
  col('minOrderQty', 'Min order qty', 'limits', 'number', 100, 'Minimum order quantity in base coin (futures; spot and margin follow their trading rules)'),
  col('maxOrderQty', 'Max order qty', 'limits', 'maxQty', 100, 'Maximum quantity of a single limit order in base coin (futures); 0 means no limit'),
  col('maxMarketOrderQty', 'Max market order qty', 'limits', 'number', 100, 'Maximum quantity of a single market order in base coin'),
  col('minOrderAmount', 'Min order amount', 'limits', 'number', 96, 'Minimum order amount in quote coin'),
  col('maxSymbolOrderNum', 'Max symbol orders', 'limits', 'number', 92, 'Maximum number of orders per trading pair'),
  col('maxProductOrderNum', 'Max product orders', 'limits', 'number', 100, 'Maximum number of orders per product line'),
  col('maxPositionNum', 'Max positions', 'limits', 'number', 84, 'Maximum number of positions per trading pair'),
  col('makerFeeRate', 'Maker fee', 'fees', 'percent', 76, 'Maker fee rate (0.0002 is 0.02 %)'),
  col('takerFeeRate', 'Taker fee', 'fees', 'percent', 76, 'Taker fee rate (0.0002 is 0.02 %)'),
  col('feeRateUpRatio', 'Fee markup', 'fees', 'percent', 80, 'Percentage by which the actual fee is raised over the base fee'),
  col('openCostUpRatio', 'Open cost markup', 'fees', 'percent', 84, 'Percentage by which the cost of opening a position is raised over the base cost'),
  col('minLeverage', 'Min leverage', 'leverage', 'number', 76, 'Minimum leverage'),
  col('maxLeverage', 'Max leverage', 'leverage', 'number', 84, 'Maximum leverage'),
  col('maxCrossedLeverage', 'Max cross leverage', 'leverage', 'number', 88, 'Maximum leverage for cross margin (margin only)'),
  col('maxIsolatedLeverage', 'Max isolated leverage', 'leverage', 'number', 100, 'Maximum leverage for isolated margin (margin only)'),
  col('pricePrecision', 'Price precision', 'precision', 'number', 84, 'Number of decimal places allowed for price'),
  col('quantityPrecision', 'Quantity precision', 'precision', 'number', 84, 'Number of decimal places allowed for quantity'),
  col('quotePrecision', 'Quote precision', 'precision', 'number', 84, 'Number of decimal places allowed for the quote-coin amount of market orders'),
  // The steps an order moves by, from shared/steps.ts as the amend desk and the CLI take them: spot
  // and margin send no multiplier, so the raw multiplier columns alone would say "—" for them.
  col('priceStep', 'Price step', 'precision', 'number', 100, 'The order price must be a multiple of this value: the price multiplier for futures, 10^-price precision for spot and margin', false, (i) => cachedStep(i, 'price')),
  col('quantityStep', 'Quantity step', 'precision', 'number', 96, 'The order quantity must be a multiple of this value: the quantity multiplier for futures, 10^-quantity precision for spot and margin', false, (i) => cachedStep(i, 'qty')),
  col('priceMultiplier', 'Price multiplier', 'precision', 'number', 100, 'priceMultiplier as sent: futures only (spot and margin: their precision sets the step)', true),
  col('quantityMultiplier', 'Quantity multiplier', 'precision', 'number', 100, 'quantityMultiplier as sent: futures only (spot and margin: their precision sets the step)', true),
  col('buyLimitPriceRatio', 'Buy limit ratio', 'priceLimits', 'percent', 84, 'Bounds the maximum price of a buy order relative to the market price'),
  col('sellLimitPriceRatio', 'Sell limit ratio', 'priceLimits', 'percent', 84, 'Bounds the minimum price of a sell order relative to the market price'),
  col('launchTime', 'Launch', 'times', 'time', 152, 'Launch of the pair'),
  col('offTime', 'Off', 'times', 'time', 164, 'Trading halt time'),
  col('limitOpenTime', 'Limit open', 'times', 'time', 164, 'Restricted open time: trading is prohibited after it'),
  col('maintainTime', 'Maintenance', 'times', 'time', 164, 'Maintenance time'),
  col('deliveryTime', 'Delivery', 'times', 'time', 152, 'Delivery time (delivery contracts only)'),
  col('deliveryStartTime', 'Delivery start', 'times', 'time', 152, 'Delivery start time (delivery contracts only)', true),
  col('deliveryPeriod', 'Delivery period', 'other', 'text', 96, 'this_quarter or next_quarter (delivery contracts only)', true),
  col('fundInterval', 'Funding interval', 'other', 'number', 76, 'Funding interval in hours', true),
  col('userMinBorrow', 'Min borrow', 'other', 'number', 88, 'Minimum borrowable amount (margin only)', true),
];

export const COLUMN_IDS: readonly string[] = COLUMN_SPECS.map((c) => c.id);
export const SPEC_BY_ID: ReadonlyMap<string, ColumnSpec> = new Map(COLUMN_SPECS.map((c) => [c.id, c]));

/** The value a column shows, sorts and exports: the field as sent, or the value derived from the row. */
export function columnValue(instrument: Instrument, columnId: string): RawValue {
  const derive = SPEC_BY_ID.get(columnId)?.derive;
  return derive ? derive(instrument) : rawField(instrument, columnId);
}

export const DEFAULT_VISIBILITY: Readonly<Record<string, boolean>> = Object.fromEntries(
  COLUMN_SPECS.filter((c) => c.hiddenByDefault).map((c) => [c.id, false]),
);

export const SORT_RULE_OF_KIND: Record<ColumnKind, SortRule> = {
  text: TEXT_RULE,
  number: NUMERIC_RULE,
  percent: NUMERIC_RULE,
  maxQty: MAX_QTY_RULE,
  time: TIME_RULE,
  status: STATUS_RULE,
  category: CATEGORY_RULE,
};

const plainText = (v: RawValue): string => (isEmptyValue(v) ? UNSET : v.trim());

export const FORMAT_OF_KIND: Record<ColumnKind, (v: RawValue) => string> = {
  text: plainText,
  number: formatDecimal,
  percent: formatPercent,
  maxQty: formatMaxQty,
  time: formatTime,
  // In words ("Limit open"); the filters, the sort and the CSV export use the exchange's code.
  status: statusLabel,
  category: plainText,
};

export const isNumericKind = (kind: ColumnKind): boolean =>
  kind === 'number' || kind === 'percent' || kind === 'maxQty';

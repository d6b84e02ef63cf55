/**
 * The instruments of the demo exchange, indexed by category and symbol, with the JSON of each
 * answer serialized once: GET instruments is the hottest public path and must not re-stringify
 * a few hundred objects per request.
 */
import { Dec } from '../shared/decimal';
import { CATEGORIES, isFuturesCategory, type Category, type Instrument } from '../shared/schemas';

/** A value's step and the decimals its values are written with. */
export interface Step {
  step: Dec;
  places: number;
}

function stepOf(precision: string | undefined, multiplier: string | undefined, futures: boolean): Step {
  const places = Number(precision || '0');
  // Multipliers bind futures only; a missing, empty or zero one means "precision alone".
  const step = futures && multiplier && new Dec(multiplier).gt(0) ? new Dec(multiplier) : new Dec(10).pow(-places);
  return { step, places: Math.max(places, step.decimalPlaces()) };
}

/** The price step orders must respect: the multiplier for futures (when set), else the precision. */
export function priceStep(inst: Instrument): Step {
  return stepOf(inst.pricePrecision, inst.priceMultiplier, isFuturesCategory(inst.category));
}

/** The quantity step orders must respect: the multiplier for futures (when set), else the precision. */
export function quantityStep(inst: Instrument): Step {
  return stepOf(inst.quantityPrecision, inst.quantityMultiplier, isFuturesCategory(inst.category));
}

export class InstrumentCatalog {
  private readonly byCategory = new Map<Category, Instrument[]>();
  private readonly bySymbol = new Map<Category, Map<string, Instrument>>();
  private readonly categoryJson = new Map<Category, Buffer>();
  private readonly symbolJson = new Map<Category, Map<string, Buffer>>();
  private static readonly EMPTY = Buffer.from('[]');

  constructor(instruments: readonly Instrument[]) {
    for (const c of CATEGORIES) {
      this.byCategory.set(c, []);
      this.bySymbol.set(c, new Map());
      this.symbolJson.set(c, new Map());
    }
    for (const source of instruments) {
      const inst = structuredClone(source);
      this.byCategory.get(inst.category)?.push(inst);
      this.bySymbol.get(inst.category)?.set(inst.symbol, inst);
    }
  }

  /** Every instrument of a category, in the bundled order. */
  list(category: Category): readonly Instrument[] {
    return this.byCategory.get(category) ?? [];
  }

  get(category: Category, symbol: string): Instrument | undefined {
    return this.bySymbol.get(category)?.get(symbol);
  }

  /** JSON text of the `data` array for a category, or for one symbol of it ("[]" when unknown). */
  dataJson(category: Category, symbol?: string): Buffer {
    if (symbol === undefined) {
      let json = this.categoryJson.get(category);
      if (!json) {
        json = Buffer.from(JSON.stringify(this.byCategory.get(category) ?? []));
        this.categoryJson.set(category, json);
      }
      return json;
    }
    const inst = this.get(category, symbol);
    if (!inst) return InstrumentCatalog.EMPTY;
    const cache = this.symbolJson.get(category) as Map<string, Buffer>;
    let json = cache.get(symbol);
    if (!json) {
      json = Buffer.from(JSON.stringify([inst]));
      cache.set(symbol, json);
    }
    return json;
  }

  setStatus(category: Category, symbol: string, status: string): void {
    const inst = this.get(category, symbol);
    if (!inst) throw new Error(`unknown instrument ${category} ${symbol}`);
    inst.status = status;
    this.forget(category, symbol);
  }

  /** Drops the serialized answers an instrument is part of. */
  private forget(category: Category, symbol: string): void {
    this.categoryJson.delete(category);
    this.symbolJson.get(category)?.delete(symbol);
  }

  /**
   * Replaces a listed instrument with a copy carrying `changes` (a null value removes the field;
   * new fields go last, as an exchange adding a field would). A fresh object: the market prices
   * start over from its new steps.
   */
  mutate(category: Category, symbol: string, changes: Readonly<Record<string, string | null>>): Instrument {
    const inst = this.get(category, symbol);
    if (!inst) throw new Error(`unknown instrument ${category} ${symbol}`);
    if ('symbol' in changes || 'category' in changes) throw new Error('an instrument keeps its category and symbol');
    const next = { ...inst } as Record<string, unknown>;
    for (const [field, value] of Object.entries(changes)) {
      if (value === null) delete next[field];
      else next[field] = value;
    }
    const replaced = next as Instrument;
    const list = this.byCategory.get(category) as Instrument[];
    list[list.indexOf(inst)] = replaced;
    this.bySymbol.get(category)?.set(symbol, replaced);
    this.forget(category, symbol);
    return replaced;
  }

  /** Lists a new instrument at the end of its category. */
  add(inst: Instrument): void {
    if (this.get(inst.category, inst.symbol)) throw new Error(`${inst.category} ${inst.symbol} is already listed`);
    const copy = structuredClone(inst);
    this.byCategory.get(copy.category)?.push(copy);
    this.bySymbol.get(copy.category)?.set(copy.symbol, copy);
    this.forget(copy.category, copy.symbol);
  }

  /** Delists an instrument: gone from every answer (its orders stay as they are). */
  remove(category: Category, symbol: string): void {
    const inst = this.get(category, symbol);
    if (!inst) throw new Error(`unknown instrument ${category} ${symbol}`);
    const list = this.byCategory.get(category) as Instrument[];
    list.splice(list.indexOf(inst), 1);
    this.bySymbol.get(category)?.delete(symbol);
    this.forget(category, symbol);
  }

  count(): number {
    let n = 0;
    for (const list of this.byCategory.values()) n += list.length;
    return n;
  }
}

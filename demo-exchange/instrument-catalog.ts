/**
 * The instruments of the demo exchange, indexed by category and symbol, with the JSON of each
 * answer serialized once: GET instruments is the hottest public path and must not re-stringify
 * a few hundred objects per request.
 */
import { CATEGORIES, type Category, type Instrument } from '../shared/schemas';

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
    this.categoryJson.delete(category);
    this.symbolJson.get(category)?.delete(symbol);
  }

  count(): number {
    let n = 0;
    for (const list of this.byCategory.values()) n += list.length;
    return n;
  }
}

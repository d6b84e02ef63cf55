/**
 * Reads of many orders' current state, coalesced: a run of up to 500 amends needs every order read
 * before it is checked, and each accepted item read again to confirm its push (or polled every few
 * hundred milliseconds when the stream is down). One read per item would queue hundreds of Get Order
 * Details calls behind a 20/s budget; instead the reads asked for within a short window are served,
 * per symbol, by pages of Get Open Orders (100 orders each, its own 20/s budget), and only the
 * orders those pages do not show (filled, cancelled, beyond the pages worth reading, or with no known
 * symbol) are read one by one with Get Order Details.
 *
 * A page is read only for two or more waiting orders of one symbol, and paging stops at the first
 * page that shows none of them, so reading pages never costs more requests than it saves. At most
 * `concurrency` requests of one flush are in the client's limiter queue at a time, so a run's reads
 * leave room for the single-order desk's.
 */
import type { OrderIds } from '../../shared/order-ids';
import type { OpenOrdersPage, Order } from '../../shared/schemas';

/** The order to read, and where it lists (when known) so a page of its symbol can show it. */
export interface ReadTarget {
  ids: OrderIds;
  category?: string;
  symbol?: string;
}

export interface OrderReaderClient {
  getOrder(ref: OrderIds): Promise<Order>;
  getOpenOrders(query: {
    category?: string;
    symbol?: string;
    limit?: number;
    cursor?: string;
  }): Promise<OpenOrdersPage>;
}

export interface OrderReaderOptions {
  /** How long reads are gathered before they are served together. */
  windowMs?: number;
  /** Requests of one flush in flight at once. */
  concurrency?: number;
}

/** Long enough to gather one request's worth of pushes, short against the engine's latency. */
export const READ_WINDOW_MS = 25;
export const READ_CONCURRENCY = 6;
/** Get Open Orders' largest page. */
const PAGE_LIMIT = 100;

interface Waiting {
  target: ReadTarget;
  resolve(order: Order): void;
  reject(error: unknown): void;
}

export class OrderReader {
  /** Requests made so far, by kind (for the benchmark and tests). */
  readonly counts = { pages: 0, orders: 0 };
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing = false;
  private readonly windowMs: number;
  private readonly concurrency: number;

  constructor(
    private readonly client: OrderReaderClient,
    opts: OrderReaderOptions = {},
  ) {
    this.windowMs = opts.windowMs ?? READ_WINDOW_MS;
    this.concurrency = opts.concurrency ?? READ_CONCURRENCY;
  }

  /** The order as the exchange shows it now; rejects with the read's error. */
  read(target: ReadTarget): Promise<Order> {
    return new Promise<Order>((resolve, reject) => {
      this.waiting.push({ target, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.timer || this.flushing || this.waiting.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.windowMs);
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    const batch = this.waiting;
    this.waiting = [];
    try {
      const groups = new Map<string, Waiting[]>();
      const single: Waiting[] = [];
      for (const w of batch) {
        const { category, symbol } = w.target;
        if (!category || !symbol) {
          single.push(w);
          continue;
        }
        const key = `${category.toUpperCase()}\u0000${symbol}`;
        const list = groups.get(key) ?? [];
        list.push(w);
        groups.set(key, list);
      }
      const tasks: Array<() => Promise<void>> = [];
      for (const list of groups.values()) {
        if (list.length < 2) single.push(...list);
        else tasks.push(() => this.byPages(list));
      }
      await pool(tasks, this.concurrency);
      await pool(
        single.map((w) => () => this.one(w)),
        this.concurrency,
      );
    } finally {
      this.flushing = false;
      this.schedule();
    }
  }

  /** Pages of the group's symbol until every waiting order showed or a page showed none of them. */
  private async byPages(list: Waiting[]): Promise<void> {
    const first = list[0] as Waiting;
    const category = (first.target.category as string).toUpperCase();
    const symbol = first.target.symbol;
    let left = list;
    let cursor: string | undefined;
    for (;;) {
      let page: OpenOrdersPage;
      try {
        this.counts.pages++;
        page = await this.client.getOpenOrders({ category, symbol, limit: PAGE_LIMIT, cursor });
      } catch (e) {
        for (const w of left) w.reject(e);
        return;
      }
      const before = left.length;
      left = left.filter((w) => {
        const order = page.list.find((o) => names(w.target.ids, o));
        if (order) w.resolve(order);
        return !order;
      });
      if (left.length === 0) return;
      cursor = page.cursor || undefined;
      if (!cursor || left.length === before) break;
    }
    // Not open any more (filled, cancelled) or further down the list than worth paging: one by one.
    await pool(
      left.map((w) => () => this.one(w)),
      this.concurrency,
    );
  }

  private async one(w: Waiting): Promise<void> {
    const { orderId, clientOid } = w.target.ids;
    try {
      this.counts.orders++;
      w.resolve(await this.client.getOrder(orderId ? { orderId } : { clientOid }));
    } catch (e) {
      w.reject(e);
    }
  }
}

/** The order identifiers name this order (the Order ID wins when both are known). */
function names(ids: OrderIds, o: Order): boolean {
  if (ids.orderId) return o.orderId === ids.orderId;
  return ids.clientOid !== undefined && o.clientOid === ids.clientOid;
}

/** Runs tasks with at most `size` at a time. */
async function pool(tasks: Array<() => Promise<void>>, size: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++] as () => Promise<void>;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, tasks.length) }, worker));
}

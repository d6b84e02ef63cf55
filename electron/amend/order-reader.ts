/**
 * Reads of many orders' current state, coalesced: a run of up to 500 amends needs every order read
 * before it is checked, and each accepted item read again to confirm its push (or polled every few
 * hundred milliseconds when the stream is down). One read per item would queue hundreds of Get Order
 * Details calls behind a 20/s budget; instead the reads asked for within a short window are served,
 * per category, by pages of Get Open Orders (category-pages.ts: 100 orders a page, its own 20/s
 * budget), and only the orders those pages do not show (filled, cancelled, beyond the pages worth
 * reading, or with no known category) are read one by one with Get Order Details.
 *
 * A read asked for while a flush is under way waits for the next flush, so the page that serves it
 * was read after it was asked for: a push's confirmation is never an older look at the order. At
 * most `concurrency` requests of one flush are in the client's limiter queue at a time, so a run's
 * reads leave room for the single-order desk's.
 */
import type { OrderIds } from '../../shared/order-ids';
import type { Order } from '../../shared/schemas';
import { PagePositions, readByPages, type PageClient, type PageWaiter } from './category-pages';

/** The order to read, and where it lists (when known) so a page of its category can show it. */
export interface ReadTarget {
  ids: OrderIds;
  category?: string;
  symbol?: string;
}

export interface OrderReaderClient extends PageClient {
  getOrder(ref: OrderIds): Promise<Order>;
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

interface Waiting {
  target: ReadTarget;
  resolve(order: Order): void;
  reject(error: unknown): void;
}

export class OrderReader {
  /** Requests made so far, by kind (for the benchmark and tests). */
  readonly counts = { pages: 0, orders: 0 };
  /** The page each order was last listed on, so its next read reads that page. */
  private readonly positions = new PagePositions();
  /** Orders answered from a page rather than by Get Order Details. */
  private readonly fromPages = new WeakSet<Order>();
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

  /** The read an order this reader answered came from (for the timeline). */
  readName(order: Order): string {
    return this.fromPages.has(order) ? 'a page of Get Open Orders' : 'Get Order Details';
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
        const category = w.target.category?.toUpperCase();
        if (!category) {
          single.push(w);
          continue;
        }
        const list = groups.get(category) ?? [];
        list.push(w);
        groups.set(category, list);
      }
      const tasks = [...groups.entries()].map(([category, list]) => async () => {
        const waiters = new Map<PageWaiter, Waiting>(
          list.map((w) => [
            {
              ids: w.target.ids,
              category,
              ...(w.target.symbol ? { symbol: w.target.symbol } : {}),
              done: (order: Order) => {
                this.fromPages.add(order);
                w.resolve(order);
              },
              fail: w.reject,
            },
            w,
          ]),
        );
        const left = await readByPages(this.client, category, [...waiters.keys()], this.positions, this.counts);
        single.push(...left.map((p) => waiters.get(p) as Waiting));
      });
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

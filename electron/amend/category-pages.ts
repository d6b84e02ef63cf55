/**
 * A run's reads of its orders by pages of Get Open Orders per category (100 orders a page, newest
 * first), not per symbol: an operator's book is spread over a hundred symbols, and one page of a
 * category shows as many orders as a hundred pages of one symbol each would.
 *
 * The first read of an order looks for it from the top of its category's listing. Every page read
 * remembers, for each order it lists, the page that showed it (the query and the cursor it was
 * read with); a later read of that order (a push's confirmation, a poll) reads that page again, so
 * the confirming reads of a request's items cost one read per page they sit on, not one per item.
 * The pages are keyset pages (the cursor names the last order of the page before), so an open
 * order stays on the page it was found on: new orders list above the cursor, and an order leaving
 * the book only moves the later ones up. An order its page no longer lists is not open any more
 * (filled, cancelled): it is read by itself, so the follow sees how it ended.
 */
import type { OrderIds } from '../../shared/order-ids';
import { categorySchema, type Category, type Instrument, type OpenOrdersPage, type Order } from '../../shared/schemas';
import type { InstrumentCache } from './instrument-cache';

/** Get Open Orders' largest page. */
export const PAGE_LIMIT = 100;

export interface PageQuery {
  category: string;
  /** Only when every order looked for in the category is of this one symbol. */
  symbol?: string;
  cursor?: string;
}

export interface PageClient {
  getOpenOrders(query: {
    category?: string;
    symbol?: string;
    limit?: number;
    cursor?: string;
  }): Promise<OpenOrdersPage>;
}

/** One order waiting to be read: `done` takes the order as listed, `fail` the page read's error. */
export interface PageWaiter {
  ids: OrderIds;
  category: string;
  symbol?: string;
  done(order: Order): void;
  fail(error: unknown): void;
}

const keyOf = (q: PageQuery) => `${q.category}\u0000${q.symbol ?? ''}\u0000${q.cursor ?? ''}`;

/** Where each order was last listed: the page (query and cursor) that showed it. */
export class PagePositions {
  private readonly byId = new Map<string, PageQuery>();

  note(query: PageQuery, list: readonly Order[]): void {
    for (const o of list) {
      if (o.orderId) this.byId.set(`id:${o.orderId}`, query);
      if (o.clientOid) this.byId.set(`oid:${o.clientOid}`, query);
    }
  }

  of(ids: OrderIds): PageQuery | undefined {
    return (
      (ids.orderId && this.byId.get(`id:${ids.orderId}`)) ||
      (ids.clientOid && this.byId.get(`oid:${ids.clientOid}`)) ||
      undefined
    );
  }
}

/** The order identifiers name this order (the Order ID wins when both are known). */
export function names(ids: OrderIds, o: Order): boolean {
  if (ids.orderId) return o.orderId === ids.orderId;
  return ids.clientOid !== undefined && o.clientOid === ids.clientOid;
}

/**
 * Serves the waiting orders of one category from its pages: the pages they were last seen on, then,
 * for those never seen, the listing from its top. Answers the waiters no page listed (to be read one
 * by one). Paging from the top stops at the end of the listing, when fewer than two are left, or
 * once the pages read outnumber the orders they showed by two, so it costs at most two requests more
 * than reading the orders one by one, and usually a small fraction of that.
 */
export async function readByPages(
  client: PageClient,
  category: string,
  waiting: readonly PageWaiter[],
  positions: PagePositions,
  counts: { pages: number },
): Promise<PageWaiter[]> {
  const pages = new Map<string, OpenOrdersPage>();
  let left = [...waiting];
  const take = (page: OpenOrdersPage, among: readonly PageWaiter[]) => {
    const served = new Set<PageWaiter>();
    for (const w of among) {
      const order = page.list.find((o) => names(w.ids, o));
      if (order) {
        served.add(w);
        w.done(order);
      }
    }
    left = left.filter((w) => !served.has(w));
    return served.size;
  };
  /** One page read, or undefined when it failed (its waiters are then answered with the error). */
  const read = async (query: PageQuery, failing: readonly PageWaiter[]) => {
    const key = keyOf(query);
    const known = pages.get(key);
    if (known) return known;
    try {
      counts.pages++;
      const page = await client.getOpenOrders({ ...query, limit: PAGE_LIMIT });
      positions.note(query, page.list);
      pages.set(key, page);
      return page;
    } catch (e) {
      for (const w of failing) w.fail(e);
      const failed = new Set(failing);
      left = left.filter((w) => !failed.has(w));
      return undefined;
    }
  };

  // Seen before: the page that showed each, once per page. Not listed there: no longer open.
  const byPage = new Map<string, { query: PageQuery; list: PageWaiter[] }>();
  const unseen: PageWaiter[] = [];
  for (const w of waiting) {
    const query = positions.of(w.ids);
    if (!query || query.category !== category) {
      unseen.push(w);
      continue;
    }
    const group = byPage.get(keyOf(query)) ?? { query, list: [] };
    group.list.push(w);
    byPage.set(keyOf(query), group);
  }
  // Those pages at once (a request's items sit on one or two): their answers are taken as they come.
  await Promise.all(
    [...byPage.values()].map(async ({ query, list }) => {
      const page = await read(query, list);
      // The page may show orders never seen before too.
      if (page) take(page, [...list, ...unseen.filter((w) => left.includes(w))]);
    }),
  );

  // Never seen: the category's listing from its top (one symbol's, when they share one).
  let looking = unseen.filter((w) => left.includes(w));
  if (looking.length < 2) return left;
  const symbols = new Set(looking.map((w) => w.symbol));
  const symbol = symbols.size === 1 ? [...symbols][0] : undefined;
  let cursor: string | undefined;
  let pagesRead = 0;
  let found = 0;
  for (;;) {
    const query: PageQuery = { category, ...(symbol ? { symbol } : {}), ...(cursor ? { cursor } : {}) };
    const page = await read(query, looking);
    if (!page) break;
    pagesRead++;
    found += take(page, looking);
    looking = looking.filter((w) => left.includes(w));
    cursor = page.cursor || undefined;
    // Each page must have paid for itself (one page showing none is allowed: other symbols' newer
    // orders may fill the top of the listing); past that the rest is read one by one.
    if (looking.length < 2 || !cursor || pagesRead > found + 1) break;
  }
  return left;
}

/**
 * The instruments of the run's orders into the profile's instrument cache, one Get Instruments per
 * category that has two or more symbols not cached yet. Never rejects: a symbol left out is fetched
 * by itself when its rules are checked (amend-steps.ts), which notes a failure there.
 */
export async function primeInstruments(
  state: { instruments: InstrumentCache },
  client: { getInstruments(category: Category, symbol?: string): Promise<Instrument[]> },
  targets: ReadonlyArray<{ category?: string; symbol?: string }>,
): Promise<void> {
  const byCategory = new Map<Category, string[]>();
  for (const t of targets) {
    const category = categorySchema.safeParse(t.category);
    if (!category.success || !t.symbol) continue;
    const list = byCategory.get(category.data) ?? [];
    list.push(t.symbol);
    byCategory.set(category.data, list);
  }
  await Promise.all(
    [...byCategory].map(([category, symbols]) =>
      state.instruments.prime(category, symbols, (c) => client.getInstruments(c)).catch(() => undefined),
    ),
  );
}

/** Steps shared by the Amend many specs: a ladder of open orders, the screen, the run's parts. */
import { expect, type DeskFixtures } from '../fixtures';
import { nav } from './app-shell';

export type Page = DeskFixtures['app'];
export type Demo = DeskFixtures['demo'];

/** The Local demo profile's account (demo-exchange/accounts.ts). */
export const DEMO_UID = '1000000001';
export const BATCH = '/api/v3/trade/batch-modify-order';
export const CATEGORY = 'USDT-FUTURES';
export const SYMBOL = 'BTCUSDT';

export const oid = (prefix: string, i: number) => `${prefix}-${String(i).padStart(2, '0')}`;

/**
 * A ladder of `n` buys on BTCUSDT, 10 USDT apart, and nothing else open on the symbol: the bundled
 * state's other BTCUSDT orders are cancelled so "select all shown" means exactly the ladder.
 */
export async function ladder(app: Page, demo: Demo, prefix: string, n: number): Promise<string[]> {
  demo.control.setMarketPrice(CATEGORY, SYMBOL, '96000.0');
  const others = await app.evaluate(
    async ([category, symbol]) => {
      type Page = { ok: boolean; data?: { list: { orderId: string }[]; cursor: string | null } };
      const desk = (globalThis as unknown as { desk: { listOpenOrders: (r: unknown) => Promise<Page> } }).desk;
      const ids: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await desk.listOpenOrders({ category, symbol, limit: 100, ...(cursor ? { cursor } : {}) });
        ids.push(...(page.data?.list.map((o) => o.orderId) ?? []));
        cursor = page.data?.cursor ?? undefined;
      } while (cursor);
      return ids;
    },
    [CATEGORY, SYMBOL] as const,
  );
  for (const id of others) demo.control.cancelOrder(DEMO_UID, id);
  const ids: string[] = [];
  for (let i = 1; i <= n; i++) {
    const clientOid = oid(prefix, i);
    demo.control.placeOrder({
      uid: DEMO_UID,
      clientOid,
      category: CATEGORY,
      symbol: SYMBOL,
      side: 'buy',
      orderType: 'limit',
      price: `${95000 - i * 10}.0`,
      qty: '0.0100',
    });
    ids.push(clientOid);
  }
  return ids;
}

export async function openAmendMany(app: Page) {
  await nav(app, 'Amend many');
  await expect(app.getByRole('heading', { name: 'Amend many', level: 1 })).toBeVisible();
}

export async function selectLadder(app: Page, n: number) {
  await app.getByLabel('Category', { exact: true }).selectOption(CATEGORY);
  await app.getByLabel('Symbol', { exact: true }).fill(SYMBOL);
  const orders = app.getByRole('table', { name: 'Open orders to amend' });
  await expect(orders.getByRole('checkbox', { name: /^Select order / })).toHaveCount(n);
  await app.getByRole('button', { name: 'Select all shown' }).click();
  await expect(app.getByText(`${n} of ${n} shown selected`)).toBeVisible();
}

/**
 * A ladder of `n` orders on the Amend many screen, all selected, shifted by `steps` price steps:
 * the preview says all `n` are ready. Returns their order ids.
 */
export async function previewShiftedLadder(app: Page, demo: Demo, prefix: string, n: number, steps: number) {
  const ids = await ladder(app, demo, prefix, n);
  await openAmendMany(app);
  await selectLadder(app, n);
  await app.getByLabel('Price steps').fill(String(steps));
  await expect(counts(app)).toContainText(`${n} ready`);
  return ids;
}

export const counts = (app: Page) => app.getByRole('status', { name: 'Preview counts' });
export const progress = (app: Page) => app.getByRole('progressbar', { name: 'Run progress' });
export const runState = (app: Page) => app.getByRole('status', { name: 'Run state' });
export const items = (app: Page) => app.getByRole('table', { name: 'Run items' });
export const itemRow = (app: Page, clientOid: string) => items(app).getByRole('row').filter({ hasText: clientOid });

export async function confirmAndSend(app: Page, n: number) {
  await app.getByRole('button', { name: 'Review and send…' }).click();
  await expect(
    app.getByRole('heading', { name: `Send ${n} modifications with the profile Local demo (Local)?` }),
  ).toBeFocused();
  await app.getByRole('button', { name: `Send ${n} modifications` }).click();
  await expect(progress(app)).toBeVisible();
  // The Send button is gone: focus is on the run's heading, not lost.
  await expect(app.getByRole('heading', { name: /^(Checking|Progress|Summary)$/ })).toBeFocused();
}

export const batchRequests = (demo: Demo) => demo.control.requestLog().filter((e) => e.path === BATCH).length;

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OrderGuard } from '../../../shared/attempts';
import type { BatchRun, RunItem } from '../../../shared/batch-run';
import type { ModifyOrderRequest, Instrument, Order } from '../../../shared/schemas';
import type { ProfileSummary } from '../../../shared/profiles';
import { installFakeDesk, type FakeDesk } from '../lib/fake-desk';
import { AmendManyScreen } from './AmendManyScreen';
import { useAmendMany } from '../amend-many/amend-many-store';

const BTC = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  status: 'online',
  pricePrecision: '1',
  quantityPrecision: '4',
  minOrderQty: '0.0001',
} as Instrument;

const order = (n: number, over: Partial<Order> = {}): Order => ({
  orderId: String(1000 + n),
  clientOid: `ladder-${n}`,
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  price: `5900${n}.0`,
  qty: '0.0100',
  cumExecQty: '0',
  orderStatus: 'live',
  ...over,
});

const PROFILE: ProfileSummary = {
  id: 'main',
  name: 'Main',
  environment: 'live',
  baseUrl: 'https://api.bitget.com',
  locale: 'en-US',
  timeoutMs: 10000,
  apiKeyHint: '…abcd',
  hasSecret: true,
  hasPassphrase: true,
  storage: 'os-encrypted',
  locked: false,
  builtin: false,
  active: true,
};

function runOf(items: ModifyOrderRequest[], status: RunItem['status']): BatchRun {
  return {
    id: 'run-1',
    profileId: 'main',
    profileName: 'Main',
    environment: 'live',
    startedAt: 1,
    state: 'done',
    checked: items.length,
    requests: 1,
    counts: {
      total: items.length,
      queued: 0,
      inFlight: 0,
      applied: status === 'applied' ? items.length : 0,
      refused: 0,
      failed: 0,
      unknown: status === 'unknown' ? items.length : 0,
      notSent: 0,
      excluded: 0,
    },
    items: items.map((request, index) => ({
      index,
      attemptId: `att-${index}`,
      request,
      symbol: 'BTCUSDT',
      status,
      summary: status === 'unknown' ? 'No answer in time: check the order' : 'Applied',
    })),
  };
}

let desk: FakeDesk;
let started: ModifyOrderRequest[] = [];
let checked = false;
let openOrders: Order[] = [];
let guards: Record<string, OrderGuard> = {};

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AmendManyScreen />
    </QueryClientProvider>,
  );
}

describe('Amend many screen', () => {
  beforeEach(() => {
    useAmendMany.setState(useAmendMany.getInitialState());
    started = [];
    checked = false;
    openOrders = [order(1), order(2), order(3, { orderStatus: 'partially_filled', cumExecQty: '0.0060' })];
    guards = {};
    desk = installFakeDesk({
      listOpenOrders: () => ({ list: openOrders, cursor: null, guards }),
      listInstruments: () => ({ instruments: [BTC], fetchedAt: 1 }),
      getTickers: () => ({ tickers: [], fetchedAt: 1 }),
      getAppStatus: () => ({
        version: '0',
        activeProfile: PROFILE,
        clockSkewMs: null,
        storage: { backend: 'keychain', strong: true, sealsWith: 'os', vault: 'unset' },
      }),
      startRun: ({ items }) => {
        started = items;
        return runOf(items, 'unknown');
      },
      getRun: () => runOf(started, checked ? 'applied' : 'unknown'),
      listRuns: () => ({ runs: [] }),
      controlRun: () => {
        checked = true;
        return runOf(started, 'applied');
      },
    });
  });
  afterEach(cleanup);

  it('previews every selected order, sends nothing before the confirmation, then follows the run', async () => {
    renderScreen();
    // The open orders load through every category's pages: a loaded machine takes more than a second.
    await screen.findByRole('checkbox', { name: 'Select order ladder-1' }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: 'percent' } });
    fireEvent.change(screen.getByLabelText('Quantity %'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Price steps'), { target: { value: '1' } });

    const preview = screen.getByRole('table', { name: 'Preview' });
    await waitFor(() => expect(within(preview).getAllByText('Ready')).toHaveLength(2));
    // Half of 0.0100 is 0.0050, below the 0.0060 already filled of ladder-3.
    const filledRow = within(preview).getByText('ladder-3').closest('tr') as HTMLElement;
    expect(within(filledRow).getByText('Excluded')).toBeTruthy();
    expect(filledRow.textContent).toContain('cannot go below the filled quantity 0.006');
    expect(screen.getByRole('status', { name: 'Preview counts' }).textContent).toContain('2 ready');
    expect(screen.getByRole('list', { name: 'Rounding' }).textContent).toContain('Exact: whole price steps');

    fireEvent.click(screen.getByRole('button', { name: 'Review and send…' }));
    const question = await screen.findByRole('heading', { name: 'Send 2 modifications with the profile Main (Live)?' });
    expect(document.activeElement).toBe(question);
    expect(desk.count('startRun')).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Send 2 modifications' }));
    await screen.findByRole('progressbar', { name: 'Run progress' });
    // In ladder order: the highest buy first.
    expect(started).toEqual([
      {
        orderId: '1002',
        price: '59002.1',
        qty: '0.0050',
        autoCancel: 'no',
        symbol: 'BTCUSDT',
        category: 'USDT-FUTURES',
      },
      {
        orderId: '1001',
        price: '59001.1',
        qty: '0.0050',
        autoCancel: 'no',
        symbol: 'BTCUSDT',
        category: 'USDT-FUTURES',
      },
    ]);
    // The excluded row goes with the run, so its summary accounts for every selected order.
    const request = desk.calls.find((c) => c.method === 'startRun')?.request as { skipped?: unknown[] };
    expect(request.skipped).toEqual([
      {
        request: { orderId: '1003', clientOid: 'ladder-3', category: 'USDT-FUTURES', symbol: 'BTCUSDT' },
        verdict: 'excluded',
        why: expect.stringContaining('cannot go below the filled quantity 0.006'),
      },
    ]);
    const items = screen.getByRole('table', { name: 'Run items' });
    await waitFor(() => expect(within(items).getAllByText('check the order')).toHaveLength(2));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toContain('2 unknown');

    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(within(items).getAllByText('Applied').length).toBeGreaterThan(0));
    expect(desk.calls.filter((c) => c.method === 'controlRun').map((c) => c.request)).toEqual([
      { id: 'run-1', action: 'check' },
    ]);
  });

  it('refuses an order main guards, with main’s words, and sends the others', async () => {
    const words = '1002 is being amended by alice on desk-2: in flight since 10:42:05 UTC.';
    guards = { '1002': { state: 'in-flight', attemptId: 'desk-2-attempt', reason: words } };
    renderScreen();
    await screen.findByRole('checkbox', { name: 'Select order ladder-1' }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select order ladder-1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select order ladder-2' }));
    fireEvent.change(screen.getByLabelText('Price steps'), { target: { value: '1' } });

    const preview = screen.getByRole('table', { name: 'Preview' });
    await waitFor(() => expect(within(preview).getAllByText('Ready')).toHaveLength(1));
    const held = within(preview).getByText('ladder-2').closest('tr') as HTMLElement;
    expect(within(held).getByText('Refused')).toBeTruthy();
    expect(within(held).getByText(words)).toBeTruthy();
    // What the rule would do is still shown: the operator sees which change waits for the other desk.
    expect(held.textContent).toContain('59002.1');
    expect(screen.getByRole('status', { name: 'Preview counts' }).textContent).toContain('1 refused');

    fireEvent.click(screen.getByRole('button', { name: 'Review and send…' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send 1 modification' }));
    await screen.findByRole('progressbar', { name: 'Run progress' });
    expect(started.map((r) => r.orderId)).toEqual(['1001']);
    const request = desk.calls.find((c) => c.method === 'startRun')?.request as { skipped?: unknown[] };
    expect(request.skipped).toEqual([expect.objectContaining({ verdict: 'refused', why: words })]);
  });

  it('lines the open orders’ prices and quantities up on their points, for every order loaded', async () => {
    openOrders = [
      order(1, { price: '320.23', qty: '1.562', cumExecQty: '1.093' }),
      order(2, { symbol: 'ADAUSDT', price: '0.91770', qty: '28', cumExecQty: '0' }),
      order(3, { symbol: 'ADAUSDT', price: '1004', qty: '0.034', cumExecQty: '14' }),
    ];
    renderScreen();
    await screen.findByRole('checkbox', { name: 'Select order ladder-1' }, { timeout: 10_000 });
    const table = screen.getByRole('table', { name: 'Open orders to amend' });
    const column = (name: string) => {
      const index = within(table)
        .getAllByRole('columnheader')
        .findIndex((h) => h.textContent === name);
      return within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.children[index] as HTMLElement);
    };
    /** Where the point is, counted from the right end of the cell (padding included). */
    const pointFromRight = (cell: HTMLElement) => {
      const text = cell.textContent!;
      const at = [...cell.childNodes].findIndex((n) => n instanceof HTMLElement && n.matches('.num-pad'));
      const shown =
        at < 0
          ? text
          : [...cell.childNodes]
              .slice(0, at)
              .map((n) => n.textContent)
              .join('');
      const point = shown.indexOf('.');
      return text.length - (point < 0 ? shown.length : point);
    };
    for (const name of ['Price', 'Qty', 'Filled']) {
      const cells = column(name);
      expect(cells, name).toHaveLength(3);
      expect(new Set(cells.map(pointFromRight)).size, `${name}: ${cells.map((c) => c.textContent).join(' | ')}`).toBe(
        1,
      );
      // The padding is invisible to assistive technology: each cell still reads as the exchange's value.
      for (const c of cells) expect(c.querySelector('.num-pad')?.getAttribute('aria-hidden') ?? 'true').toBe('true');
    }
    expect(column('Price').map((c) => c.textContent!.replace(/0+$/, ''))).toEqual(['1004', '0.9177', '320.23']);
    // A filter keeps the columns as they were: the figures are those of every order loaded.
    const before = column('Qty')[2]!.textContent; // BTCUSDT's, last by symbol
    fireEvent.change(screen.getByLabelText('Symbol'), { target: { value: 'BTCUSDT' } });
    await waitFor(() => expect(column('Qty')).toHaveLength(1));
    expect(column('Qty')[0]!.textContent).toBe(before);
  });

  it('asks again after Back, and Escape goes back too', async () => {
    renderScreen();
    // The open orders load through every category's pages: a loaded machine takes more than a second.
    await screen.findByRole('checkbox', { name: 'Select order ladder-1' }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select order ladder-1' }));
    fireEvent.change(screen.getByLabelText('Price steps'), { target: { value: '-2' } });
    const review = screen.getByRole('button', { name: 'Review and send…' });
    await waitFor(() => expect((review as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(review);
    const question = await screen.findByRole('heading', { name: 'Send 1 modification with the profile Main (Live)?' });
    fireEvent.keyDown(question, { key: 'Escape' });
    const back = await screen.findByRole('button', { name: 'Review and send…' });
    await waitFor(() => expect(document.activeElement).toBe(back));
    expect(desk.count('startRun')).toBe(0);
  });
});

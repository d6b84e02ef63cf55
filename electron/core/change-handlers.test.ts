/**
 * Instrument history through the core's handlers against a real demo exchange: the browser's
 * fetches recorded, the market moved by the demo control, the feed, badges, watched symbols and
 * alerts, the background refresh on fake timers, and a restart.
 */
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { contract } from '../../shared/contract';
import type { ChangeEvent } from '../../shared/instrument-changes';
import type { ChangeStatus } from '../../shared/instrument-watch';
import type { ProfileSummary } from '../../shared/profiles';
import type { Category } from '../../shared/schemas';
import { ExchangeClient } from '../exchange/client';
import { NO_RETRY } from '../exchange/retry';
import type { BackgroundRefresh, RefreshTimers } from '../instrument-history/background-refresh';
import { CHANGE_LOG_FILE } from '../instrument-history/change-log';
import { ChangeTracker } from '../instrument-history/change-tracker';
import type { InstrumentHistoryOptions } from '../instrument-history/instrument-history';
import type { OpenFile } from '../storage/journal-file';
import { createDispatch } from '../ipc/dispatch';
import { testSecretBox } from '../profiles/testing/test-secret-box';
import { changeHandlers, startBackgroundRefresh } from './change-handlers';
import { createCore } from './create-core';
import type { CoreContext, ProfileService } from './context';
import { marketHandlers } from './market-handlers';

const MINUTE = 60_000;

/** setTimeout by hand: due timers run when the test advances the clock. */
class FakeTimers implements RefreshTimers {
  private timers = new Map<number, { at: number; run: () => void }>();
  private next = 1;
  constructor(
    private readonly clock: { t: number },
    private readonly idle: () => Promise<void>,
  ) {}
  setTimeout(run: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.set(id, { at: this.clock.t + ms, run });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  get pending(): number[] {
    return [...this.timers.values()].map((t) => t.at - this.clock.t);
  }
  /** Moves the clock on, running each timer that falls due (and those they set) in order. */
  async advance(ms: number): Promise<void> {
    const end = this.clock.t + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.clock.t = Math.max(this.clock.t, due[1].at);
      due[1].run();
      await this.idle();
    }
    this.clock.t = end;
  }
}

let demo: DemoExchange;
let dir: string;
let clock: { t: number };
let timers: FakeTimers;
/** Categories whose instruments request fails, and how. */
let failing: Map<string, 'network' | 'server'>;
let wiring: Awaited<ReturnType<typeof wire>>;

async function wire(history: InstrumentHistoryOptions = {}) {
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const how = failing.get(url.searchParams.get('category') ?? '');
    if (how === 'network') throw new TypeError('fetch failed');
    if (how === 'server') return new Response('bad gateway', { status: 502 });
    return fetch(input, init);
  };
  const client = new ExchangeClient({ baseUrl: demo.url, fetch: fetchImpl, retry: NO_RETRY });
  const profiles = {
    active: async () => ({ profile: { id: 'local-demo' } as ProfileSummary, client }),
  } as unknown as ProfileService;
  const now = () => clock.t;
  const changes = new ChangeTracker(dir, { now, history });
  const ctx = { now, profiles, changes } as unknown as CoreContext;
  const refresh: BackgroundRefresh = startBackgroundRefresh(ctx, { timers, settleMs: 1000 });
  const handlers = { ...marketHandlers(ctx), ...changeHandlers(ctx, refresh) };
  return {
    changes,
    refresh,
    handlers,
    close: async () => {
      refresh.stop();
      await refresh.whenIdle();
      await changes.close();
    },
  };
}

/** The browser's fetch of a whole category, a little later than the last one. */
async function browse(category: Category): Promise<void> {
  clock.t += 1000;
  await wiring.handlers.listInstruments({ category });
}

beforeEach(async () => {
  demo = await startDemoExchange({ rateLimit: false });
  dir = await mkdtemp(join(tmpdir(), 'change-handlers-'));
  clock = { t: Date.now() };
  timers = new FakeTimers(clock, () => wiring.refresh.whenIdle());
  failing = new Map();
  wiring = await wire();
});
afterEach(async () => {
  await wiring.close();
  await demo.close();
  await rm(dir, { recursive: true, force: true });
});

describe('recording the browser fetches', () => {
  it('records a whole category (baseline, then changes) but never a one-symbol fetch', async () => {
    const h = wiring.handlers;
    await browse('SPOT');
    let status = await h.getChangeStatus({});
    const spot = status.categories.find((c) => c.category === 'SPOT')!;
    expect(spot).toMatchObject({ lastChecked: clock.t, count: 226 });
    expect(status.categories.find((c) => c.category === 'MARGIN')!.lastChecked).toBeUndefined();
    expect(status.refreshMinutes).toBe(5);

    // One symbol asked for: nothing else may read as delisted.
    clock.t += 1000;
    await h.listInstruments({ category: 'SPOT', symbol: 'BTCUSDT' });
    status = await h.getChangeStatus({});
    expect(status.categories.find((c) => c.category === 'SPOT')!.lastChecked).toBe(spot.lastChecked);

    demo.control.mutateInstrument('SPOT', 'ETHUSDT', { makerFeeRate: '0.0008', takerFeeRate: '0.00100' });
    demo.control.setInstrumentStatus('SPOT', 'SOLUSDT', 'limit_open');
    demo.control.listInstrument('SPOT', { symbol: 'NEWUSDT', baseCoin: 'NEW', quoteCoin: 'USDT', status: 'listed' });
    demo.control.delistInstrument('SPOT', 'DOGEUSDT');
    await browse('SPOT');

    const page = await h.listChanges({});
    const seen = page.events.map((e) => [e.kind, e.symbol, e.field, e.old, e.new]);
    // takerFeeRate "0.001" → "0.00100" is the same fee: no event.
    expect(seen).toEqual([
      ['delisted', 'DOGEUSDT', undefined, 'online', undefined],
      ['listed', 'NEWUSDT', undefined, undefined, 'listed'],
      ['status', 'SOLUSDT', 'status', 'online', 'limit_open'],
      ['field', 'ETHUSDT', 'makerFeeRate', '0.001', '0.0008'],
    ]);
    expect(page).toMatchObject({ total: 4, next: null });
    expect(new Set(page.events.map((e) => e.fetchId)).size).toBe(1);

    const statuses = await h.listChanges({ kinds: ['status'], category: 'SPOT' });
    expect(statuses.events.map((e) => e.symbol)).toEqual(['SOLUSDT']);
    const paged = await h.listChanges({ limit: 3 });
    expect(paged.events).toHaveLength(3);
    expect((await h.listChanges({ limit: 3, before: paged.next! })).events.map((e) => e.symbol)).toEqual(['ETHUSDT']);
  });

  it('marks rows new or changed until seen; a delisted row loses its badge', async () => {
    const h = wiring.handlers;
    await browse('SPOT');
    expect((await h.getChangeMarks({ category: 'SPOT' })).marks).toEqual([]);

    demo.control.listInstrument('SPOT', { symbol: 'NEWUSDT', baseCoin: 'NEW', quoteCoin: 'USDT', status: 'listed' });
    demo.control.mutateInstrument('SPOT', 'ETHUSDT', { makerFeeRate: '0.0008' });
    await browse('SPOT');
    const at = clock.t;
    expect((await h.getChangeMarks({ category: 'SPOT' })).marks).toEqual([
      { symbol: 'ETHUSDT', mark: 'changed', at },
      { symbol: 'NEWUSDT', mark: 'new', at },
    ]);
    expect((await h.getChangeMarks({ category: 'MARGIN' })).marks).toEqual([]);

    // A listing changed again before it was seen is still new.
    demo.control.mutateInstrument('SPOT', 'NEWUSDT', { status: 'online' });
    demo.control.delistInstrument('SPOT', 'ETHUSDT');
    await browse('SPOT');
    expect((await h.getChangeMarks({ category: 'SPOT' })).marks).toEqual([
      { symbol: 'NEWUSDT', mark: 'new', at: clock.t },
    ]);

    demo.control.mutateInstrument('SPOT', 'BTCUSDT', { minOrderAmount: '2' });
    await browse('SPOT');
    expect((await h.markChangesSeen({ category: 'SPOT', symbols: ['NEWUSDT'] })).marks.map((m) => m.symbol)).toEqual([
      'BTCUSDT',
    ]);
    expect((await h.markChangesSeen({ category: 'SPOT' })).marks).toEqual([]);
    expect((await h.getChangeMarks({ category: 'SPOT' })).marks).toEqual([]);
  });
});

describe('watched symbols', () => {
  it('filters the feed to watched symbols of their own category', async () => {
    const h = wiring.handlers;
    await browse('SPOT');
    await browse('USDT-FUTURES');
    const status = await h.setWatched({ category: 'SPOT', symbol: 'BTCUSDT', watched: true });
    expect(status.watched).toEqual([{ category: 'SPOT', symbol: 'BTCUSDT' }]);
    await h.setWatched({ category: 'SPOT', symbol: 'BTCUSDT', watched: true });
    expect((await h.getChangeStatus({})).watched).toHaveLength(1);

    demo.control.mutateInstrument('SPOT', 'BTCUSDT', { minOrderAmount: '2' });
    demo.control.mutateInstrument('SPOT', 'ETHUSDT', { minOrderAmount: '2' });
    // The same symbol in another category is not the one watched.
    demo.control.mutateInstrument('USDT-FUTURES', 'BTCUSDT', { maxLeverage: '100' });
    await browse('SPOT');
    await browse('USDT-FUTURES');

    const all = await h.listChanges({});
    expect(all.events).toHaveLength(3);
    const watched = await h.listChanges({ watchedOnly: true });
    expect(watched.events.map((e) => `${e.category} ${e.symbol}`)).toEqual(['SPOT BTCUSDT']);
    expect(watched.next).toBeNull();
    expect((await h.listChanges({ watchedOnly: true, category: 'USDT-FUTURES' })).events).toEqual([]);

    await h.setWatched({ category: 'SPOT', symbol: 'BTCUSDT', watched: false });
    expect((await h.listChanges({ watchedOnly: true })).events).toEqual([]);
  });

  it('alerts once for a status change, a restriction scheduled, and one starting within the hour', async () => {
    const h = wiring.handlers;
    // Only the minute checks run in the hours this test skips through.
    await h.setRefreshMinutes({ minutes: 0 });
    await browse('SPOT');
    await browse('USDT-FUTURES');
    await h.setWatched({ category: 'SPOT', symbol: 'SOLUSDT', watched: true });
    await h.setWatched({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', watched: true });
    expect((await h.takeChangeAlerts({})).alerts).toEqual([]);

    demo.control.setInstrumentStatus('SPOT', 'SOLUSDT', 'limit_open');
    // Not watched: no alert.
    demo.control.setInstrumentStatus('SPOT', 'ETHUSDT', 'limit_open');
    const maintenance = clock.t + 3 * 60 * MINUTE;
    demo.control.mutateInstrument('USDT-FUTURES', 'BTCUSDT', { maintainTime: String(maintenance) });
    await browse('SPOT');
    await browse('USDT-FUTURES');

    const first = (await h.takeChangeAlerts({})).alerts;
    expect(first.map((a) => a.title)).toEqual([
      'SOLUSDT (SPOT): now limit_open',
      'BTCUSDT (USDT-FUTURES): maintenance scheduled',
    ]);
    expect(first[0]!.body).toBe('Status changed from online to limit_open.');
    expect(first[1]!.body).toMatch(/^Maintenance in 3 h \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)\.$/);
    expect((await h.takeChangeAlerts({})).alerts).toEqual([]);

    // The same state fetched again, and the minute checks until an hour before: nothing new.
    await browse('USDT-FUTURES');
    await timers.advance(2 * 60 * MINUTE - 5000);
    expect((await h.takeChangeAlerts({})).alerts).toEqual([]);

    // Within the hour: one alert, however many checks follow.
    await timers.advance(2 * MINUTE);
    const soon = (await h.takeChangeAlerts({})).alerts;
    expect(soon.map((a) => a.title)).toEqual(['BTCUSDT (USDT-FUTURES): maintenance in 59 min']);
    await timers.advance(10 * MINUTE);
    expect((await h.takeChangeAlerts({})).alerts).toEqual([]);

    // A restart remembers it was given.
    await wiring.close();
    wiring = await wire();
    await browse('USDT-FUTURES');
    await wiring.changes.checkSoon();
    expect((await wiring.handlers.takeChangeAlerts({})).alerts).toEqual([]);
  });

  it('a restriction scheduled within the hour is one alert, not two', async () => {
    const h = wiring.handlers;
    await browse('USDT-FUTURES');
    await h.setWatched({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', watched: true });
    demo.control.mutateInstrument('USDT-FUTURES', 'BTCUSDT', { offTime: String(clock.t + 20 * MINUTE) });
    await browse('USDT-FUTURES');
    await timers.advance(2 * MINUTE);
    const alerts = (await h.takeChangeAlerts({})).alerts;
    expect(alerts.map((a) => a.title)).toEqual(['BTCUSDT (USDT-FUTURES): trading halt scheduled']);
    expect(alerts[0]!.body).toMatch(/^Trading halt in 20 min/);
  });
});

describe('alerts that resolve', () => {
  it('a cleared maintenance and a status back online say so, of the same condition; every alert names its profile', async () => {
    const h = wiring.handlers;
    await h.setRefreshMinutes({ minutes: 0 });
    await browse('SPOT');
    await browse('USDT-FUTURES');
    await h.setWatched({ category: 'SPOT', symbol: 'SOLUSDT', watched: true });
    await h.setWatched({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', watched: true });
    demo.control.setInstrumentStatus('SPOT', 'SOLUSDT', 'limit_open');
    demo.control.mutateInstrument('USDT-FUTURES', 'BTCUSDT', { maintainTime: String(clock.t + 44 * MINUTE) });
    await browse('SPOT');
    await browse('USDT-FUTURES');
    const raised = (await h.takeChangeAlerts({})).alerts;
    expect(raised.map((a) => [a.title, a.condition, a.cleared, a.profileId])).toEqual([
      ['SOLUSDT (SPOT): now limit_open', 'SPOT:SOLUSDT:status', undefined, 'local-demo'],
      ['BTCUSDT (USDT-FUTURES): maintenance scheduled', 'USDT-FUTURES:BTCUSDT:maintainTime', undefined, 'local-demo'],
    ]);

    demo.control.setInstrumentStatus('SPOT', 'SOLUSDT', 'online');
    demo.control.mutateInstrument('USDT-FUTURES', 'BTCUSDT', { maintainTime: '0' });
    await browse('SPOT');
    await browse('USDT-FUTURES');
    const cleared = (await h.takeChangeAlerts({})).alerts;
    expect(cleared.map((a) => [a.title, a.condition, a.cleared, a.profileId])).toEqual([
      ['SOLUSDT (SPOT): back online', 'SPOT:SOLUSDT:status', true, 'local-demo'],
      ['BTCUSDT (USDT-FUTURES): maintenance cleared', 'USDT-FUTURES:BTCUSDT:maintainTime', true, 'local-demo'],
    ]);
  });
});

describe('background refresh', () => {
  it('checks all five categories every N minutes, the first round N minutes after a fresh start', async () => {
    const h = wiring.handlers;
    const fetches = () => demo.control.requestLog().filter((e) => e.path === '/api/v3/market/instruments').length;
    await timers.advance(5 * MINUTE - 2000);
    expect(fetches()).toBe(0);
    await timers.advance(3000);
    expect(fetches()).toBe(5);
    const status = await h.getChangeStatus({});
    expect(status.categories.every((c) => c.lastChecked !== undefined && c.error === undefined)).toBe(true);

    demo.control.mutateInstrument('COIN-FUTURES', 'BTCUSD', { maxLeverage: '100' });
    await timers.advance(5 * MINUTE + 1000);
    expect(fetches()).toBe(10);
    expect((await h.listChanges({})).events.map((e) => `${e.category} ${e.symbol} ${e.field}`)).toEqual([
      'COIN-FUTURES BTCUSD maxLeverage',
    ]);

    // 0 turns it off; a new interval applies at once.
    await h.setRefreshMinutes({ minutes: 0 });
    await timers.advance(30 * MINUTE);
    expect(fetches()).toBe(10);
    expect((await h.setRefreshMinutes({ minutes: 10 })).refreshMinutes).toBe(10);
    // Everything was last checked over 30 minutes ago: due at once.
    await timers.advance(1);
    expect(fetches()).toBe(15);
    await timers.advance(9 * MINUTE);
    expect(fetches()).toBe(15);
    await timers.advance(MINUTE + 1000);
    expect(fetches()).toBe(20);
  });

  it('a failing category keeps its snapshot and shows its error; offline skips the rest of the round', async () => {
    const h = wiring.handlers;
    for (const c of ['SPOT', 'MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const) await browse(c);

    failing.set('MARGIN', 'server');
    clock.t += MINUTE;
    await wiring.refresh.runRound();
    let status = await h.getChangeStatus({});
    const margin = status.categories.find((c) => c.category === 'MARGIN')!;
    expect(margin.error).toMatch(/502|server/i);
    expect(margin.count).toBe(80);
    expect(status.categories.filter((c) => c.error !== undefined).map((c) => c.category)).toEqual(['MARGIN']);
    expect((await h.listChanges({})).events).toEqual([]);

    // Offline from USDT-FUTURES on: one failed request, the rest skipped without a request each.
    failing.clear();
    failing.set('USDT-FUTURES', 'network');
    failing.set('COIN-FUTURES', 'network');
    failing.set('USDC-FUTURES', 'network');
    const before = demo.control.requestLog().length;
    clock.t += MINUTE;
    await wiring.refresh.runRound();
    expect(demo.control.requestLog().length - before).toBe(2);
    status = await h.getChangeStatus({});
    expect(status.categories.map((c) => [c.category, c.error === undefined ? 'ok' : c.error.slice(0, 11)])).toEqual([
      ['SPOT', 'ok'],
      ['MARGIN', 'ok'],
      ['USDT-FUTURES', expect.any(String)],
      ['COIN-FUTURES', 'Not checked'],
      ['USDC-FUTURES', 'Not checked'],
    ]);
    expect((await h.listChanges({})).events).toEqual([]);

    // Back online: the next round clears the errors.
    failing.clear();
    clock.t += MINUTE;
    await wiring.refresh.runRound();
    status = await h.getChangeStatus({});
    expect(status.categories.every((c) => c.error === undefined)).toBe(true);
    expect((await h.listChanges({})).events).toEqual([]);
  });

  it('a history that cannot be written does not fail the fetch: the category shows why until it records again', async () => {
    await wiring.close();
    let full = false;
    const openFile: OpenFile = async (path, flags, mode) => {
      if (full && path.endsWith(CHANGE_LOG_FILE))
        throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      return open(path, flags, mode);
    };
    wiring = await wire({ openFile });
    const h = wiring.handlers;
    await browse('SPOT');
    demo.control.mutateInstrument('SPOT', 'ETHUSDT', { makerFeeRate: '0.0008' });
    full = true;
    clock.t += 1000;
    expect((await h.listInstruments({ category: 'SPOT' })).instruments).toHaveLength(226);
    const spot = () => h.getChangeStatus({}).then((s) => s.categories.find((c) => c.category === 'SPOT')!);
    expect((await spot()).error).toBe('Fetched but not recorded: no space left on device');
    full = false;
    await browse('SPOT');
    expect((await spot()).error).toBeUndefined();
    expect((await h.listChanges({})).events.map((e) => e.symbol)).toEqual(['ETHUSDT']);
  });
});

describe('restart', () => {
  it('keeps the history, the badges and the watched symbols; a catch-up round comes soon after start', async () => {
    const h = wiring.handlers;
    for (const c of ['SPOT', 'MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const) await browse(c);
    await h.setWatched({ category: 'SPOT', symbol: 'ETHUSDT', watched: true });
    demo.control.mutateInstrument('SPOT', 'ETHUSDT', { makerFeeRate: '0.0008' });
    await browse('SPOT');
    await wiring.close();

    clock.t += 60 * MINUTE;
    wiring = await wire();
    const h2 = wiring.handlers;
    expect((await h2.listChanges({})).events.map((e) => e.symbol)).toEqual(['ETHUSDT']);
    expect((await h2.getChangeMarks({ category: 'SPOT' })).marks.map((m) => m.mark)).toEqual(['changed']);
    expect((await h2.getChangeStatus({})).watched).toEqual([{ category: 'SPOT', symbol: 'ETHUSDT' }]);

    // Last checked an hour ago: the first round runs once the app has settled.
    const before = demo.control.requestLog().length;
    await timers.advance(1000);
    expect(demo.control.requestLog().length - before).toBe(5);
  });
});

describe('check now', () => {
  it('fetches every category once, records what changed and answers with the new status; two clicks are one round', async () => {
    const h = wiring.handlers;
    const fetches = () => demo.control.requestLog().filter((e) => e.path === '/api/v3/market/instruments').length;
    await browse('SPOT');
    demo.control.mutateInstrument('SPOT', 'ETHUSDT', { takerFeeRate: '0.0008' });
    clock.t += 1000;
    const [status, again] = await Promise.all([h.checkChangesNow({}), h.checkChangesNow({})]);
    expect(fetches()).toBe(1 + 5);
    expect(again).toEqual(status);
    expect(status.categories.map((c) => [c.category, c.lastChecked === clock.t])).toEqual(
      (['SPOT', 'MARGIN', 'USDT-FUTURES', 'COIN-FUTURES', 'USDC-FUTURES'] as const).map((c) => [c, true]),
    );
    expect((await h.listChanges({})).events.map((e) => `${e.symbol} ${e.field}`)).toEqual(['ETHUSDT takerFeeRate']);
  });
});

describe('through createCore and the dispatch', () => {
  it('records the browser fetch of the Local demo and answers every changes channel in its contract shape', async () => {
    const core = createCore({
      host: 'desktop',
      userDataDir: dir,
      secretBox: testSecretBox(),
      version: '0.0.0-test',
      localDemo: { externalUrl: demo.url },
      changeRefresh: { enabled: false },
    });
    try {
      const dispatch = createDispatch(core.handlers);
      const call = async (method: keyof typeof contract, payload: unknown) => {
        const r = await dispatch(contract[method].channel, payload);
        if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
        return contract[method].response.parse(r.data);
      };
      await call('listInstruments', { category: 'SPOT' });
      demo.control.mutateInstrument('SPOT', 'BTCUSDT', { status: 'limit_open' });
      await new Promise((r) => setTimeout(r, 2));
      await call('listInstruments', { category: 'SPOT' });
      await call('setWatched', { category: 'SPOT', symbol: 'BTCUSDT', watched: true });
      const page = (await call('listChanges', { watchedOnly: true })) as { events: ChangeEvent[] };
      expect(page.events.map((e) => [e.profileId, e.symbol, e.new])).toEqual([['local-demo', 'BTCUSDT', 'limit_open']]);
      const status = (await call('getChangeStatus', {})) as ChangeStatus;
      expect(status.categories.find((c) => c.category === 'SPOT')?.count).toBe(226);
      expect(await call('getChangeMarks', { category: 'SPOT' })).toMatchObject({ marks: [{ symbol: 'BTCUSDT' }] });
      expect(await call('markChangesSeen', { category: 'SPOT' })).toEqual({ marks: [] });
      expect(await call('takeChangeAlerts', {})).toEqual({ alerts: [] });
      expect(await call('setRefreshMinutes', { minutes: 0 })).toMatchObject({ refreshMinutes: 0 });
    } finally {
      await core.close();
    }
  });
});

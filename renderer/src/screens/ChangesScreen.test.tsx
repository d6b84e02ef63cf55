// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ChangeEvent } from '../../../shared/instrument-changes';
import type { WatchedSymbol } from '../../../shared/instrument-watch';
import type { RequestOf } from '../../../shared/contract';
import { useUi } from '../app/store';
import { useInstrumentBrowser } from '../instruments/prefs';
import { installFakeDesk, type FakeDesk } from '../lib/fake-desk';
import { ChangesScreen } from './ChangesScreen';
import { NO_FEED_FILTERS, useFeedFilters } from '../changes/feed-filters';

const ev = (id: string, fetchId: string, patch: Partial<ChangeEvent>): ChangeEvent => ({
  id,
  at: Date.UTC(2026, 10, 23, 9),
  fetchId,
  profileId: 'local-demo',
  category: 'SPOT',
  symbol: 'BTCUSDT',
  kind: 'field',
  ...patch,
});

const EVENTS = [
  ev('f2:0', 'f2', { kind: 'status', field: 'status', old: 'online', new: 'limit_open' }),
  ev('f2:1', 'f2', { symbol: 'ETHUSDT', field: 'takerFeeRate', old: '0.0006', new: '0.0008' }),
  ev('f1:0', 'f1', { category: 'USDT-FUTURES', symbol: 'SOLUSDT', kind: 'listed', new: 'listed' }),
];

let desk: FakeDesk;
let requests: Array<RequestOf<'listChanges'>>;

beforeEach(() => {
  requests = [];
  useFeedFilters.setState({ filters: NO_FEED_FILTERS });
  useUi.setState({ view: 'changes' });
  useInstrumentBrowser.setState({ scope: 'SPOT', selectedKey: null, detailsOpen: false, detailTab: 'fields' });
  desk = installFakeDesk({
    listChanges: (r) => {
      requests.push(r);
      // Two per page: the third event comes with "Load more".
      const matching = EVENTS.filter((e) => !r.kinds || r.kinds.includes(e.kind));
      const from = r.before ?? 0;
      const events = matching.slice(from, from + 2);
      return {
        events,
        next: from + 2 < matching.length ? from + 2 : null,
        total: EVENTS.length,
        matched: matching.length,
      };
    },
    getChangeStatus: () => ({
      refreshMinutes: 5,
      categories: [
        { category: 'SPOT', lastChecked: Date.now() - 150_000, count: 226 },
        { category: 'MARGIN', error: 'HTTP 502' },
      ],
      watched: [{ category: 'SPOT', symbol: 'BTCUSDT' }],
    }),
    setRefreshMinutes: ({ minutes }) => ({ refreshMinutes: minutes, categories: [], watched: [] }),
  });
});
afterEach(cleanup);

function mount() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <ChangesScreen />
    </QueryClientProvider>,
  );
}

describe('ChangesScreen', () => {
  it('groups the feed by fetch, in words, and pages with Load more', async () => {
    mount();
    const feed = await screen.findByRole('table', { name: 'Changes, newest first' });
    await within(feed).findByText('status online → limit_open');
    expect(within(feed).getByText('taker fee 0.0006 → 0.0008')).toBeTruthy();
    const heads = within(feed).getAllByRole('rowheader');
    expect(heads).toHaveLength(1);
    expect(heads[0]!.textContent).toMatch(/SPOT.*2\+ changes/);
    expect(within(feed).getByRole('img', { name: 'watched' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Load more/ }));
    await within(feed).findByText('listed (status listed)');
    expect(
      within(feed)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual([expect.stringMatching(/SPOT.*2 changes/), expect.stringMatching(/USDT-FUTURES.*1 change$/)]);
    expect(requests.at(-1)).toMatchObject({ before: 2, limit: 200 });
  });

  it('shows when each category was checked, and its failure', async () => {
    mount();
    const checks = await screen.findByRole('list', { name: 'Last checked' });
    await within(checks).findByText('checked 2 min ago');
    expect(within(checks).getByText('failed: HTTP 502')).toBeTruthy();
    expect(within(checks).getAllByText('not checked yet')).toHaveLength(4);
  });

  it('filters by kind through main', async () => {
    mount();
    await screen.findByText('status online → limit_open');
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'listed' } });
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ kinds: ['listed'] }));
    await screen.findByText('listed (status listed)');
    expect(screen.queryByText('status online → limit_open')).toBeNull();
  });

  it("opens an event's instrument on its History tab", async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'ETHUSDT SPOT: open its history' }));
    expect(useUi.getState().view).toBe('instruments');
    expect(useInstrumentBrowser.getState()).toMatchObject({
      scope: 'SPOT',
      selectedKey: 'SPOT:ETHUSDT',
      detailsOpen: true,
      detailTab: 'history',
    });
  });

  it('saves the background check interval', async () => {
    mount();
    const box = await screen.findByLabelText('Check every');
    fireEvent.change(box, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(desk.count('setRefreshMinutes')).toBe(1));
    await screen.findByText('off: only your fetches compare');
  });

  it('lists the watched symbols, watches one more from here, and stops watching one', async () => {
    const sets: Array<RequestOf<'setWatched'>> = [];
    let watched: WatchedSymbol[] = [{ category: 'SPOT', symbol: 'BTCUSDT' }];
    const status = () => ({ refreshMinutes: 5, categories: [], watched });
    installFakeDesk({
      listChanges: () => ({ events: [], next: null, total: 0, matched: 0 }),
      getChangeStatus: status,
      setWatched: (r) => {
        sets.push(r);
        watched = r.watched
          ? [...watched, { category: r.category, symbol: r.symbol }]
          : watched.filter((w) => !(w.category === r.category && w.symbol === r.symbol));
        return status();
      },
    });
    mount();
    const list = await screen.findByRole('region', { name: /^Watched symbols/ });
    await within(list).findByText('BTCUSDT');
    fireEvent.change(within(list).getByLabelText('Category to watch'), { target: { value: 'SPOT' } });
    fireEvent.change(within(list).getByLabelText('Symbol to watch'), { target: { value: 'ethusdt' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Watch' }));
    await within(list).findByText('ETHUSDT');
    expect(sets).toEqual([{ category: 'SPOT', symbol: 'ETHUSDT', watched: true }]);
    expect(within(list).getByRole('status', { name: 'Watch list' }).textContent).toBe('Watching ETHUSDT · SPOT.');

    fireEvent.change(within(list).getByLabelText('Symbol to watch'), { target: { value: 'not a symbol!' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Watch' }));
    expect(within(list).getByRole('status', { name: 'Watch list' }).textContent).toMatch(
      /^Give a symbol such as BTCUSDT/,
    );
    expect(sets).toHaveLength(1);

    fireEvent.click(within(list).getByRole('button', { name: 'Stop watching BTCUSDT · SPOT' }));
    await waitFor(() => expect(within(list).queryByText('BTCUSDT')).toBeNull());
    expect(sets.at(-1)).toEqual({ category: 'SPOT', symbol: 'BTCUSDT', watched: false });
  });

  it("says so when the browser's notification question gets no answer", async () => {
    const saved = (window as { Notification?: unknown }).Notification;
    // A browser whose question is closed without an answer: the permission stays "default".
    const closed = Object.assign(function Notification() {}, {
      permission: 'default',
      requestPermission: () => Promise.resolve('default'),
    });
    (window as { Notification?: unknown }).Notification = closed;
    try {
      mount();
      fireEvent.click(await screen.findByRole('button', { name: 'Enable notifications' }));
      await screen.findByText(/^No answer to the browser's question: alerts show in this window/);
      expect(screen.getByRole('button', { name: 'Enable notifications' })).toBeTruthy();
    } finally {
      (window as { Notification?: unknown }).Notification = saved;
    }
  });
});

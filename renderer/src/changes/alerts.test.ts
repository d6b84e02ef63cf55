// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeAlert } from '../../../shared/instrument-watch';
import { useUi } from '../app/store';
import { useInstrumentBrowser } from '../instruments/prefs';
import { installFakeDesk } from '../lib/fake-desk';
import { pollAlerts, useAlerts } from './alerts';

const ALERT: ChangeAlert = {
  id: 'event:f:0',
  at: 1,
  category: 'SPOT',
  symbol: 'BTCUSDT',
  title: 'BTCUSDT (SPOT): now limit_open',
  body: 'Status changed from online to limit_open.',
};

const shown: Array<{ title: string; body?: string; n: { onclick: (() => void) | null } }> = [];

function stubNotification(permission: NotificationPermission | 'absent') {
  if (permission === 'absent') {
    delete (window as { Notification?: unknown }).Notification;
    return;
  }
  class Stub {
    static permission = permission;
    onclick: (() => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body, n: this });
    }
  }
  (window as { Notification?: unknown }).Notification = Stub;
}

beforeEach(() => {
  shown.length = 0;
  useAlerts.setState({ recent: [], toasts: [], profileId: null });
  let given = false;
  // Main hands each alert out once.
  installFakeDesk({
    takeChangeAlerts: () => {
      const alerts = given ? [] : [ALERT];
      given = true;
      return { alerts };
    },
  });
});
afterEach(() => stubNotification('absent'));

describe('alerts for watched symbols', () => {
  it('become desktop notifications when allowed, and a click opens the history', async () => {
    stubNotification('granted');
    expect(await pollAlerts()).toBe(1);
    expect(shown.map((s) => [s.title, s.body])).toEqual([[ALERT.title, ALERT.body]]);
    expect(useAlerts.getState().toasts).toEqual([]);
    expect(useAlerts.getState().recent).toEqual([ALERT]);
    shown[0]!.n.onclick?.();
    expect(useUi.getState().view).toBe('instruments');
    expect(useInstrumentBrowser.getState()).toMatchObject({ selectedKey: 'SPOT:BTCUSDT', detailTab: 'history' });
  });

  it('stay in the window when notifications are denied or missing', async () => {
    stubNotification('denied');
    await pollAlerts();
    expect(shown).toEqual([]);
    expect(useAlerts.getState().toasts).toEqual([ALERT]);
    // Nothing new: the same alert is never shown twice.
    expect(await pollAlerts()).toBe(0);
    expect(useAlerts.getState().toasts).toHaveLength(1);
  });

  it('share one request when asked twice at once, and are shown once', async () => {
    stubNotification('absent');
    const [a, b] = await Promise.all([pollAlerts(), pollAlerts()]);
    expect([a, b]).toEqual([1, 1]);
    expect(useAlerts.getState().toasts).toEqual([ALERT]);
  });
});

describe('an alert resolves, and belongs to its profile', () => {
  const maintenance: ChangeAlert = {
    ...ALERT,
    id: 'soon:USDT-FUTURES:BTCUSDT:maintainTime:9',
    at: 10,
    category: 'USDT-FUTURES',
    title: 'BTCUSDT (USDT-FUTURES): maintenance in 44 min',
    profileId: 'p1',
    condition: 'USDT-FUTURES:BTCUSDT:maintainTime',
  };
  const cleared: ChangeAlert = {
    ...maintenance,
    id: 'event:f2:0',
    at: 20,
    title: 'BTCUSDT (USDT-FUTURES): maintenance cleared',
    cleared: true,
  };

  it('a cleared condition marks its alerts resolved (kept in the list) and takes their toasts away; it never toasts', () => {
    const { add } = useAlerts.getState();
    useAlerts.getState().belongTo('p1');
    add(maintenance, false);
    add({ ...ALERT, profileId: 'p1' }, false);
    expect(useAlerts.getState().toasts.map((a) => a.id)).toEqual([maintenance.id, ALERT.id]);
    add(cleared, false);
    expect(useAlerts.getState().toasts.map((a) => a.id)).toEqual([ALERT.id]);
    expect(useAlerts.getState().recent.map((a) => [a.id, a.resolvedAt])).toEqual([
      [cleared.id, undefined],
      [ALERT.id, undefined],
      [maintenance.id, 20],
    ]);
  });

  it('alerts of another profile are not shown, and a switch takes the previous profile’s away', () => {
    const { add, belongTo } = useAlerts.getState();
    belongTo('p1');
    add(maintenance, false);
    add({ ...ALERT, profileId: 'p2' }, false);
    expect(useAlerts.getState().recent.map((a) => a.id)).toEqual([maintenance.id]);
    belongTo('p2');
    expect(useAlerts.getState()).toMatchObject({ recent: [], toasts: [], profileId: 'p2' });
  });
});

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
  useAlerts.setState({ recent: [], toasts: [] });
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

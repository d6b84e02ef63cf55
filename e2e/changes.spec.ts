/**
 * Instrument history end to end: the demo exchange changes a few instruments, the app fetches
 * again, and the Changes feed, the grid's badges, the History tab and an alert for a watched
 * symbol all show it; the history survives a restart of the core.
 */
import type { Page } from '@playwright/test';
import { createCore } from '../electron/core/create-core';
import { createDispatch } from '../electron/ipc/dispatch';
import { testSecretBox } from '../electron/profiles/testing/test-secret-box';
import { startWebHost } from '../electron/web-host/web-host';
import { RENDERER_DIR } from './harness/paths';
import { expect, test } from './fixtures';
import { nav } from './harness/app-shell';
import { grid } from './harness/instruments-page';

/** Records the desktop notifications the page shows (the real ones cannot be read back). */
function recordNotifications(): void {
  const shown: Array<{ title: string; body?: string }> = [];
  (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
  class RecordingNotification {
    static permission: NotificationPermission = 'granted';
    static requestPermission = () => Promise.resolve('granted' as NotificationPermission);
    onclick: (() => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body });
    }
    close() {}
  }
  (window as unknown as { Notification: unknown }).Notification = RecordingNotification;
}

/** Notifications not allowed yet: the page must ask from a click, and alerts meanwhile stay in the window. */
function askableNotifications(): void {
  const shown: string[] = [];
  (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
  class AskableNotification {
    static permission: NotificationPermission = 'default';
    static requestPermission = () => {
      AskableNotification.permission = 'granted';
      return Promise.resolve('granted' as NotificationPermission);
    };
    onclick: (() => void) | null = null;
    constructor(title: string) {
      shown.push(title);
    }
  }
  (window as unknown as { Notification: unknown }).Notification = AskableNotification;
}

const shownNotifications = (app: Page) =>
  app.evaluate(() => (window as unknown as { shownNotifications: Array<{ title: string }> }).shownNotifications);

async function refetchInstruments(app: Page) {
  await app.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(grid(app)).toHaveAttribute('aria-busy', 'false');
  await expect(app.getByRole('button', { name: 'Refresh', exact: true })).toBeEnabled();
}

test.describe('instrument changes', () => {
  test('a change shows in the feed, the badges, the History tab and an alert, and survives a restart', async ({
    app,
    demo,
    host,
    core,
    userDataDir,
    shot,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'renderer', 'restarts the core in process: browser host only');
    test.setTimeout(120_000);
    await app.context().grantPermissions(['notifications']);
    await app.context().addInitScript(recordNotifications);
    await app.goto(host!.newLaunchUrl());

    // The first fetch is the baseline: nothing is marked.
    await expect(app.getByText(/^Showing 226 of 226 instruments$/)).toBeVisible();
    await expect(app.getByRole('group', { name: 'Changes since last seen' })).toHaveCount(0);

    // Watch BTCUSDT from its row's star.
    await app.getByLabel('Search symbols').fill('BTCUSDT');
    const star = grid(app).getByRole('button', { name: 'Watch BTCUSDT' });
    await star.click();
    const unstar = grid(app).getByRole('button', { name: 'Stop watching BTCUSDT' });
    await expect(unstar).toHaveAttribute('aria-pressed', 'true');
    await app.getByLabel('Search symbols').fill('');

    // The market moves.
    demo.control.mutateInstrument('SPOT', 'BTCUSDT', { status: 'limit_open' });
    demo.control.mutateInstrument('SPOT', 'ETHUSDT', { takerFeeRate: '0.0008' });
    demo.control.listInstrument('SPOT', { symbol: 'NEWUSDT', baseCoin: 'NEW', quoteCoin: 'USDT', status: 'listed' });
    demo.control.delistInstrument('SPOT', 'DOGEUSDT');
    await refetchInstruments(app);

    // Badges: changed and new rows, counted in the bar; the Changed filter keeps only them.
    await expect(app.getByText(/^Showing 226 of 226 instruments$/)).toBeVisible();
    const marks = app.getByRole('group', { name: 'Changes since last seen' });
    await expect(marks).toContainText('1 new');
    await expect(marks).toContainText('2 changed');
    await app.getByLabel(/^Changed/).check();
    await expect(app.getByText(/^Showing 3 of 226 instruments$/)).toBeVisible();
    await expect(grid(app).getByRole('gridcell', { name: 'BTCUSDT changed watched' })).toBeVisible();
    await expect(grid(app).getByRole('gridcell', { name: 'ETHUSDT changed' })).toBeVisible();
    await expect(grid(app).getByRole('gridcell', { name: 'NEWUSDT new' })).toBeVisible();
    await shot('changes-grid-badges');
    await app.getByLabel(/^Changed/).uncheck();
    await app.getByLabel(/^Watched/).check();
    await expect(app.getByText(/^Showing 1 of 226 instruments$/)).toBeVisible();
    await app.getByLabel(/^Watched/).uncheck();

    // The watched symbol's status change reaches the desktop.
    await expect.poll(async () => (await shownNotifications(app)).map((n) => n.title).join('\n')).toContain('BTCUSDT');

    // The feed: one fetch, four changes in words.
    await nav(app, 'Changes');
    const feed = app.getByRole('table', { name: 'Changes, newest first' });
    await expect(feed).toContainText('status online → limit_open');
    await expect(feed).toContainText('taker fee 0.001 → 0.0008');
    await expect(feed).toContainText('listed (status listed)');
    await expect(feed).toContainText('delisted (was online)');
    await expect(feed.getByRole('rowheader')).toHaveCount(1);
    await expect(feed.getByRole('rowheader')).toContainText('SPOT');
    await expect(feed.getByRole('rowheader')).toContainText('4 changes');
    await expect(app.getByRole('list', { name: 'Last checked' })).toContainText(/SPOT\s*checked/);
    await shot('changes-feed');

    // Filters: by kind, then watched only.
    await app.getByLabel('Kind', { exact: true }).selectOption('status');
    await expect(feed.getByRole('row')).toHaveCount(3);
    await app.getByLabel('Kind', { exact: true }).selectOption('');
    await app.getByLabel('Watched only').check();
    await expect(feed).toContainText('BTCUSDT');
    await expect(feed).not.toContainText('ETHUSDT');
    await expect(app.getByText('1 of 1 shown')).toBeVisible();
    await app.getByLabel('Watched only').uncheck();
    await expect(app.getByText('4 of 4 shown')).toBeVisible();

    // An event leads to the instrument's History tab, with the focus in it; seeing it clears its badge.
    await feed.getByRole('button', { name: 'ETHUSDT SPOT: open its history' }).click();
    const panel = app.getByRole('complementary', { name: 'Details of ETHUSDT' });
    const historyTab = panel.getByRole('tab', { name: 'History' });
    await expect(historyTab).toHaveAttribute('aria-selected', 'true');
    await expect(historyTab).toBeFocused();
    await expect(panel.getByRole('list', { name: 'Changes of ETHUSDT' })).toContainText('taker fee 0.001 → 0.0008');
    await expect(app.getByRole('group', { name: 'Changes since last seen' })).toContainText('1 changed');
    await shot('changes-history-tab');
    await historyTab.press('ArrowLeft');
    await expect(panel.getByRole('tab', { name: 'Fields' })).toBeFocused();
    await expect(panel.getByRole('button', { name: 'Copy all fields as JSON' })).toBeVisible();

    // A delisted symbol has no row: its history still opens.
    await nav(app, 'Changes');
    await feed.getByRole('button', { name: 'DOGEUSDT SPOT: open its history' }).click();
    const gone = app.getByRole('complementary', { name: 'History of DOGEUSDT' });
    await expect(gone).toContainText('delisted (was online)');
    await expect(gone).toBeFocused();
    await gone.press('Escape');
    await expect(gone).toHaveCount(0);

    // Mark all seen clears the rest.
    await app.getByRole('button', { name: 'Mark all seen' }).click();
    await expect(app.getByRole('group', { name: 'Changes since last seen' })).toHaveCount(0);

    // Restart: a new core on the same user-data folder keeps the history and the watched symbol.
    await core!.close();
    const again = createCore({
      host: 'browser',
      userDataDir,
      secretBox: testSecretBox(),
      version: '0.0.0-e2e',
      localDemo: { externalUrl: demo.url },
      followTimeoutMs: 4000,
      vaultScrypt: { N: 2 ** 12, r: 8, p: 1 },
    });
    const host2 = await startWebHost({ dispatch: createDispatch(again.handlers), rendererDir: RENDERER_DIR });
    try {
      await app.goto(host2.newLaunchUrl());
      await nav(app, 'Changes');
      await expect(feed).toContainText('status online → limit_open');
      await expect(feed.getByRole('rowheader')).toContainText('4 changes');
      await expect(feed.getByText('★')).toHaveCount(1);
    } finally {
      await app.goto('about:blank');
      await host2.close();
      await again.close();
    }
  });

  test('Check now asks the exchange for every category; Reload list says it does not; the Local demo says how to see changes', async ({
    app,
    demo,
  }) => {
    await expect(grid(app)).toHaveAttribute('aria-busy', 'false');
    await app.keyboard.press('Control+6');
    await expect(app.getByRole('heading', { name: 'Changes', level: 1 })).toBeFocused();
    const empty = app.getByRole('status').filter({ hasText: 'No changes recorded yet' });
    await expect(empty).toContainText("The Local demo's instruments never change by themselves");
    await expect(empty).toContainText('npm run demo-exchange -- --scenario');
    await expect(app.getByRole('button', { name: 'Reload list' })).toHaveAccessibleDescription(
      /asks the exchange nothing/,
    );

    // The market moves; nobody opens Instruments: Check now fetches all five categories itself.
    const instrumentFetches = () =>
      demo.control.requestLog().filter((e) => e.path === '/api/v3/market/instruments').length;
    const before = instrumentFetches();
    demo.control.mutateInstrument('SPOT', 'ETHUSDT', { takerFeeRate: '0.0008' });
    const checkNow = app.getByRole('button', { name: 'Check now' });
    await checkNow.click();
    const feed = app.getByRole('table', { name: 'Changes, newest first' });
    await expect(feed).toContainText('taker fee 0.001 → 0.0008');
    await expect(checkNow).toBeEnabled();
    expect(instrumentFetches() - before).toBe(5);
    // Just checked: in the past, never "in less than a minute".
    const checks = app.getByRole('list', { name: 'Last checked' });
    await expect(checks.getByText('checked less than a minute ago', { exact: true })).toHaveCount(5);
    await expect(checks).not.toContainText(/\bin (less than|\d)/);
  });

  test('an alert resolves when its condition clears, and alerts and toasts stay with their profile', async ({
    app,
    demo,
    host,
    shot,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'renderer', 'stubs the page before it loads: browser host only');
    await app.context().addInitScript(askableNotifications);
    await app.goto(host!.newLaunchUrl());
    await expect(app.getByText(/^Showing 226 of 226 instruments$/)).toBeVisible();
    await app.getByLabel('Search symbols').fill('SOLUSDT');
    await grid(app).getByRole('button', { name: 'Watch SOLUSDT' }).click();
    await expect(grid(app).getByRole('button', { name: 'Stop watching SOLUSDT' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await app.keyboard.press('Control+6');
    const checkNow = app.getByRole('button', { name: 'Check now' });
    const toasts = app.getByRole('region', { name: 'Alerts for watched symbols' });
    const recent = app.getByRole('region', { name: 'Recent alerts' });
    demo.control.setInstrumentStatus('SPOT', 'SOLUSDT', 'limit_open');
    await checkNow.click();
    await expect(toasts).toContainText('SOLUSDT (SPOT): now limit_open');

    // Back online: the alert is resolved (still listed, marked so) and its toast goes.
    demo.control.setInstrumentStatus('SPOT', 'SOLUSDT', 'online');
    await checkNow.click();
    await expect(recent).toContainText('SOLUSDT (SPOT): back online');
    await expect(toasts.getByRole('listitem')).toHaveCount(0);
    const raised = recent.getByRole('listitem').filter({ hasText: 'now limit_open' });
    await expect(raised).toContainText('Resolved');
    await shot('changes-alert-resolved');

    // A new alert, then another profile: its toast and the list of this one do not follow.
    demo.control.setInstrumentStatus('SPOT', 'SOLUSDT', 'offline');
    await checkNow.click();
    await expect(toasts).toContainText('SOLUSDT (SPOT): now offline');
    await app.keyboard.press('Control+3');
    await app.getByRole('button', { name: 'Add profile' }).click();
    const dialog = app.getByRole('dialog', { name: 'Add a profile' });
    await dialog.getByLabel('Name', { exact: true }).fill('Same market');
    await dialog.getByLabel('Environment').selectOption('custom');
    await dialog.getByLabel('Base URL').fill(demo.url);
    await dialog.getByRole('button', { name: 'Add profile' }).click();
    await app.getByRole('listitem', { name: 'Same market' }).getByRole('button', { name: 'Use this profile' }).click();
    await expect(app.getByRole('button', { name: /^Active profile:/ })).toHaveAccessibleName(
      'Active profile: Same market, environment Custom',
    );
    await expect(toasts.getByRole('listitem')).toHaveCount(0);
    await app.keyboard.press('Control+6');
    await expect(app.getByRole('heading', { name: 'Changes', level: 1 })).toBeVisible();
    await expect(recent).toHaveCount(0);
  });

  test('at 960 × 600: an empty feed, an alert kept as a toast until notifications are enabled', async ({
    app,
    demo,
    host,
    shot,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'renderer', 'stubs the page before it loads: browser host only');
    await app.setViewportSize({ width: 960, height: 600 });
    await app.context().addInitScript(askableNotifications);
    await app.goto(host!.newLaunchUrl());
    await expect(app.getByText(/^Showing 226 of 226 instruments$/)).toBeVisible();

    // Ctrl+6 opens the Changes screen, focus on its heading; nothing recorded yet.
    await app.keyboard.press('Control+6');
    await expect(app.getByRole('heading', { name: 'Changes', level: 1 })).toBeFocused();
    await expect(app.getByText('No changes recorded yet')).toBeVisible();
    await expect(app.getByRole('button', { name: 'Enable notifications' })).toBeVisible();
    await shot('changes-empty-960');

    // Watch from the detail panel's star, then the market moves.
    await app.keyboard.press('Control+1');
    await app.getByLabel('Search symbols').fill('SOLUSDT');
    await grid(app).getByRole('gridcell', { name: 'SOLUSDT', exact: true }).click();
    await app.getByRole('button', { name: 'Details', exact: true }).click();
    const panel = app.getByRole('complementary', { name: 'Details of SOLUSDT' });
    await panel.getByRole('button', { name: 'Watch SOLUSDT' }).click();
    await expect(panel.getByRole('button', { name: 'Stop watching SOLUSDT' })).toHaveAttribute('aria-pressed', 'true');
    demo.control.mutateInstrument('SPOT', 'SOLUSDT', { status: 'offline' });
    await refetchInstruments(app);

    // No permission: the alert is a toast, not a notification, and stays until dismissed.
    const toasts = app.getByRole('region', { name: 'Alerts for watched symbols' });
    await expect(toasts.getByRole('button', { name: 'Show SOLUSDT' })).toBeVisible();
    expect(await shownNotifications(app)).toEqual([]);
    await shot('changes-toast-960');
    await toasts.getByRole('button', { name: 'Dismiss the alert for SOLUSDT' }).click();
    await expect(toasts.getByRole('listitem')).toHaveCount(0);
    await expect(app.getByRole('heading', { name: 'Instruments', level: 1 })).toBeFocused();

    // The Changes screen lists it, and asks for notifications from a click.
    await app.keyboard.press('Control+6');
    await expect(app.getByRole('region', { name: 'Recent alerts' })).toContainText('SOLUSDT');
    await app.getByRole('button', { name: 'Enable notifications' }).click();
    await expect(app.getByRole('status').filter({ hasText: 'Desktop notifications on' })).toBeFocused();
  });
});

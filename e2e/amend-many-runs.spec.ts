/**
 * Amend many tells what happened, issue 20 items 5–8: a stopped run reads "Stopped" with a bar of what
 * was decided (Amend many and Activity), every row of the preview is in the summary, the check shows
 * its progress and Cancel stops it before the first request, and after a restart the runs left
 * unfinished are listed with their items and Check again (Activity checks any unknown attempt too).
 */
import { createCore } from '../electron/core/create-core';
import { createDispatch } from '../electron/ipc/dispatch';
import { startWebHost } from '../electron/web-host/web-host';
import { testSecretBox } from '../electron/profiles/testing/test-secret-box';
import { test, expect } from './fixtures';
import { RENDERER_DIR } from './harness/paths';
import {
  BATCH,
  batchRequests,
  CATEGORY,
  confirmAndSend,
  counts,
  DEMO_UID,
  items,
  ladder,
  openAmendMany,
  previewShiftedLadder,
  progress,
  runState,
  selectLadder,
  SYMBOL,
} from './harness/amend-many-steps';

const READ_PAGES = '/api/v3/trade/unfilled-orders';
const SIZES = [
  { width: 960, height: 600 },
  { width: 1280, height: 800 },
] as const;

test.describe('amend many says what happened', () => {
  test('a stopped run reads "Stopped — 20 applied, 30 not sent" with a bar of 20, here and in Activity', async ({
    app,
    demo,
    shot,
  }) => {
    test.setTimeout(90_000);
    await previewShiftedLadder(app, demo, 'halt', 50, 1);
    demo.control.delayResponses(BATCH, 2000, 1);
    await confirmAndSend(app, 50);
    await app.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(runState(app)).toContainText('Stopped — 20 applied, 30 not sent', { timeout: 20_000 });
    await expect(progress(app)).toHaveAttribute('aria-valuenow', '20');
    await expect(progress(app)).toHaveAttribute('aria-valuemax', '50');
    expect(batchRequests(demo)).toBe(1);
    for (const size of SIZES) {
      await app.setViewportSize(size);
      await shot(`amend-many-stopped-${size.width}x${size.height}`);
    }
    await app.getByRole('button', { name: 'Switch to light theme' }).click();
    await shot('amend-many-stopped-light-1280x800');

    await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Activity' }).click();
    const row = app.getByRole('row').filter({ has: app.getByRole('button', { name: /^Amend many · / }) });
    await expect(row).toContainText('Stopped — 20 applied, 30 not sent');
    await expect(row).toContainText('Stopped');
    await expect(row.getByText('Applied', { exact: true })).toHaveCount(0);
    await expect(row.getByRole('progressbar', { name: /^Run .* progress$/ })).toHaveAttribute('aria-valuenow', '20');
    for (const size of SIZES) {
      await app.setViewportSize(size);
      await shot(`activity-run-stopped-${size.width}x${size.height}`);
    }
  });

  test('every row of the preview is in the summary: 2 ready, 1 refused, 1 excluded add up to 4', async ({
    app,
    demo,
    shot,
  }) => {
    test.setTimeout(60_000);
    // Long client order ids, as operators' own tools write them: the table is wider than a narrow window.
    await ladder(app, demo, 'mix-from-the-desks-own-tool', 2);
    // 0.0001 BTC at 40000 is 4 USDT, under the 5 USDT minimum: the preview refuses it.
    demo.control.placeOrder({
      uid: DEMO_UID,
      clientOid: 'mix-cheap',
      category: CATEGORY,
      symbol: SYMBOL,
      side: 'buy',
      orderType: 'limit',
      price: '40000.0',
      qty: '0.0100',
    });
    // Already filled beyond the new quantity: excluded.
    demo.control.placeOrder({
      uid: DEMO_UID,
      clientOid: 'mix-filled',
      category: CATEGORY,
      symbol: SYMBOL,
      side: 'buy',
      orderType: 'limit',
      price: '41000.0',
      qty: '0.0100',
      cumExecQty: '0.0070',
      orderStatus: 'partially_filled',
    });
    await openAmendMany(app);
    await selectLadder(app, 4);
    await app.getByLabel('Price', { exact: true }).selectOption('none');
    await app.getByLabel('Quantity', { exact: true }).selectOption('set');
    await app.getByLabel('New quantity').fill('0.0001');
    await expect(counts(app)).toContainText('2 ready');
    await expect(counts(app)).toContainText('1 refused');
    await expect(counts(app)).toContainText('1 excluded');
    await confirmAndSend(app, 2);
    await expect(runState(app)).toContainText('Finished — 2 applied, 1 refused, 1 excluded', { timeout: 20_000 });
    await expect(items(app).getByRole('row')).toHaveCount(5);
    const cheap = items(app).getByRole('row').filter({ hasText: 'mix-cheap' });
    await expect(cheap).toContainText('Refused');
    await expect(cheap).toContainText('Refused in the preview');
    await expect(items(app).getByRole('row').filter({ hasText: 'mix-filled' })).toContainText('Excluded');
    const shown = app.locator('.am-run-counts');
    await expect(shown.getByRole('definition')).toHaveText(['0', '0', '2', '1', '0', '0', '0', '1', '1']);
    expect(demo.control.getOrder(DEMO_UID, 'mix-cheap')?.qty).toBe('0.0100');
    await app.getByRole('button', { name: 'Switch to light theme' }).click();
    for (const size of SIZES) {
      await app.setViewportSize(size);
      // Every row's Activity button is in view, inside the table's box, without scrolling it sideways.
      const buttons = items(app).getByRole('button', { name: /in Activity$/ });
      await expect(buttons).toHaveCount(3);
      const box = (await app.locator('.am-run-scroll').evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.left + el.clientWidth };
      }))!;
      for (const b of await buttons.all()) {
        const r = (await b.boundingBox())!;
        expect(r.x, `${size.width} px`).toBeGreaterThanOrEqual(box.left);
        expect(r.x + r.width, `${size.width} px: an Activity button past the table's right edge`).toBeLessThanOrEqual(
          box.right,
        );
      }
      await shot(`amend-many-summary-every-row-${size.width}x${size.height}`);
    }
  });

  test('while the orders are checked: "Checking n of 30" and Cancel, which sends nothing and says so', async ({
    app,
    demo,
    shot,
  }) => {
    test.setTimeout(90_000);
    await previewShiftedLadder(app, demo, 'slow', 30, 1);
    // The check's reads are held (longer than the request timeout, retries included): the run is
    // photographed and cancelled while it checks, then the reads are answered.
    demo.control.delayResponses(READ_PAGES, 15_000, 3);
    await confirmAndSend(app, 30);
    await expect(runState(app)).toContainText(/Checking \d+ of 30 — nothing has been sent yet/);
    await expect(progress(app)).toHaveAttribute('aria-valuetext', /of 30 checked; nothing sent yet/);
    await expect(app.getByRole('heading', { name: 'Checking' })).toBeVisible();
    for (const size of SIZES) {
      await app.setViewportSize(size);
      await shot(`amend-many-checking-${size.width}x${size.height}`);
    }
    await app.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(runState(app)).toContainText('Cancelled before sending — nothing was sent (30 not sent)', {
      timeout: 20_000,
    });
    await expect(progress(app)).toHaveAttribute('aria-valuenow', '0');
    expect(batchRequests(demo)).toBe(0);
    expect(demo.control.getOrder(DEMO_UID, 'slow-01')?.price).toBe('94990.0');
    // Cancel did not wait for the check's read: it is still held, and is answered now rather than
    // when its delay runs out (which closing UTA Desk would otherwise wait for).
    expect(demo.control.releaseResponses(READ_PAGES)).toBeGreaterThanOrEqual(1);
  });

  test('after a restart the run left unfinished is listed with its items and Check again; Activity checks one attempt', async ({
    app,
    demo,
    core,
    host,
    userDataDir,
    followTimeoutMs,
    shot,
  }) => {
    test.skip(!core || !host, 'the restart is made with the core of the renderer project');
    test.setTimeout(90_000);
    await previewShiftedLadder(app, demo, 'again', 30, 1);
    // The engine decides late: the run is still following every item when UTA Desk stops.
    demo.control.setEngineLatency(6000);
    await confirmAndSend(app, 30);
    await expect(progress(app)).toHaveAttribute('aria-valuetext', /30 in flight/, { timeout: 20_000 });
    await core!.close();
    // While UTA Desk is stopped the engine decides: now, rather than once its latency has passed.
    demo.control.runEngineNow();

    // UTA Desk starts again on the same user-data folder.
    const again = createCore({
      host: 'browser',
      userDataDir,
      secretBox: testSecretBox(),
      version: '0.0.0-e2e',
      localDemo: { externalUrl: demo.url },
      followTimeoutMs,
      vaultScrypt: { N: 2 ** 12, r: 8, p: 1 },
    });
    const host2 = await startWebHost({ dispatch: createDispatch(again.handlers), rendererDir: RENDERER_DIR });
    try {
      await app.goto(host2.newLaunchUrl());
      await app.getByRole('navigation', { name: 'Screens' }).waitFor();
      // The engine has applied them by now; nothing told the desk.
      await expect.poll(() => demo.control.getOrder(DEMO_UID, 'again-30')?.price, { timeout: 15_000 }).toBe('94700.1');

      // Activity: one unknown attempt checked on its own.
      await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Activity' }).click();
      const run = app.getByRole('row').filter({ has: app.getByRole('button', { name: /^Amend many · / }) });
      await expect(run).toContainText('Interrupted: UTA Desk stopped during the run — 30 unknown');
      await run.getByRole('button', { name: /^Amend many · / }).click();
      await app.getByRole('row').filter({ hasText: 'item 1 of 30' }).click();
      const detail = app.getByRole('complementary', { name: 'Attempt details' });
      await expect(detail).toContainText('Use Check again on the run');
      await shot('activity-unknown-check-again');
      await detail.getByRole('button', { name: 'Check again' }).click();
      await expect(detail.getByText('Applied', { exact: true }).first()).toBeVisible();
      await expect(run).toContainText('29 unknown');

      // Amend many: the run is listed, opened with its items, and Check again decides the rest.
      await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Amend many' }).click();
      const listed = app.getByRole('region', { name: 'Unfinished runs from before the restart' });
      await expect(listed).toContainText('29 unknown');
      for (const size of SIZES) {
        await app.setViewportSize(size);
        await shot(`amend-many-unfinished-${size.width}x${size.height}`);
      }
      await listed.getByRole('button', { name: /^Open the run started / }).click();
      await expect(items(app).getByRole('row')).toHaveCount(31);
      await expect(runState(app)).toContainText('29 unknown');
      await app.getByRole('button', { name: 'Check again' }).click();
      await expect(runState(app)).toContainText('30 applied');
      expect(batchRequests(demo)).toBe(2);
    } finally {
      await host2.close();
      await again.close();
    }
  });
});

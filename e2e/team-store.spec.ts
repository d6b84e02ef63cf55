/**
 * What an operator sees on a desk of a team: the page's desk ("alice", a profile made on the Profiles
 * screen that names a throwaway PostgreSQL cluster as its team store) and a second desk ("bob", a
 * core made here on its own user-data folder) on one demo exchange account. Bob's held amend guards
 * its order on alice's desk in words, and Send is refused with them; Activity lists bob's amends with
 * who made them; with the store stopped the header says so and an amend is refused in words, and
 * once it is back amends go again. At 960 × 600, in both themes (each shot runs axe in both too).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNT, type DemoExchange } from '../demo-exchange';
import { createCore, type Core } from '../electron/core/create-core';
import { testSecretBox } from '../electron/profiles/testing/test-secret-box';
import {
  freshDatabase,
  startPgCluster,
  TEST_PASSWORD,
  type PgCluster,
} from '../electron/team-store/testing/pg-cluster';
import { MODIFY_ORDER_PATH } from '../shared/schemas';
import { expect, test, type DeskFixtures } from './fixtures';
import { field, loaded, openAmend } from './harness/amend-page';
import { nav } from './harness/app-shell';
import { shotBoth } from './harness/both-themes';
import { expectWhole } from './harness/clipping';

type Page = DeskFixtures['app'];

const HOST = hostname();
const UID = DEMO_ACCOUNT.uid;

let cluster: PgCluster | undefined;
let storeUrl = '';

test.beforeAll(async ({}, testInfo) => {
  if (testInfo.project.name !== 'renderer') return;
  testInfo.setTimeout(30_000);
  cluster = await startPgCluster({ settings: { fsync: 'off' } });
  // A database of its own, with UTA Desk's tables, as `uta-desk team init` makes them.
  storeUrl = cluster.url(await freshDatabase(cluster));
});

test.afterAll(async () => {
  await cluster?.destroy();
});

const status = (app: Page) => app.getByRole('status', { name: 'Amend progress' });
const sendButton = (app: Page) => app.getByRole('button', { name: 'Send modification' });
const sendReason = (app: Page) => app.getByRole('region', { name: 'Order to send' }).locator('#amend-send-reason');
const storeBanner = (app: Page) =>
  app.getByRole('alert').filter({ hasText: /^The team store at .* cannot be reached/ });
const modifies = (demo: DemoExchange) => demo.control.requestLog().filter((e) => e.path === MODIFY_ORDER_PATH).length;

/** Bob's desk: another user-data folder, the same account and store, a short lease. */
function bobsDesk(userDataDir: string, demo: DemoExchange): Core {
  return createCore({
    host: 'desktop',
    osUser: 'bob',
    userDataDir,
    secretBox: testSecretBox(),
    version: '0.0.0-e2e',
    followTimeoutMs: 4_000,
    changeRefresh: { enabled: false },
    environmentProfile: {
      credentials: DEMO_ACCOUNT,
      baseUrl: demo.url,
      demoTrading: false,
      locale: 'en-US',
      // Longer than the answer is held: bob's amend is answered, not timed out.
      timeoutMs: 30_000,
      teamStore: { url: storeUrl, password: TEST_PASSWORD, displayName: 'bob' },
    },
    teamLease: { leaseMs: 1_500, heartbeatMs: 300 },
  });
}

function place(demo: DemoExchange, clientOid: string, price: string) {
  return demo.control.placeOrder({
    uid: UID,
    clientOid,
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    side: 'buy',
    price,
    qty: '0.0100',
  });
}

async function loadOrder(app: Page, clientOid: string) {
  await field(app, 'Order ID').fill('');
  await field(app, 'Client order ID').fill(clientOid);
  await app.getByRole('button', { name: 'Load order' }).click();
  await expect(status(app)).toContainText(`Loaded order ${clientOid}`);
}

async function review(app: Page, price: string) {
  await field(app, 'Price').fill(price);
  await app.getByRole('button', { name: 'Review' }).click();
  await expect(app.getByRole('region', { name: 'Review' })).toBeVisible();
}

test('a desk of a team: another desk’s guard in words, its amends in Activity, the store stopped and back', async ({
  app,
  demo,
  shot,
}) => {
  test.skip(test.info().project.name !== 'renderer', 'Makes a second core beside the browser host’s core');
  test.setTimeout(60_000);
  await app.setViewportSize({ width: 960, height: 600 });
  const held = place(demo, 'team-held', '30001.0');
  const later = place(demo, 'team-later', '30002.0');

  // Alice's profile: the demo account through a custom environment, naming the team store.
  await nav(app, 'Profiles');
  await app.getByRole('button', { name: 'Add profile' }).click();
  const add = app.getByRole('dialog', { name: 'Add a profile' });
  await add.getByLabel('Name', { exact: true }).fill('Team desk');
  await add.getByLabel('Environment').selectOption('custom');
  await add.getByLabel('Base URL').fill(demo.url);
  await add.getByLabel('API key').fill(DEMO_ACCOUNT.apiKey);
  await add.getByLabel('Secret key').fill(DEMO_ACCOUNT.secretKey);
  await add.getByLabel('API passphrase', { exact: true }).fill(DEMO_ACCOUNT.passphrase);
  const group = add.getByRole('group', { name: 'Team store' });
  await group.getByRole('textbox', { name: 'Store address' }).fill(storeUrl);
  await group.getByLabel('Store password').fill(TEST_PASSWORD);
  await group.getByRole('textbox', { name: 'Display name' }).fill('alice');
  await add.getByRole('button', { name: 'Add profile' }).click();
  await expect(add).toBeHidden();
  const card = app.getByRole('listitem', { name: 'Team desk' });
  await card.getByRole('button', { name: 'Use this profile' }).click();
  await expect(app.getByRole('button', { name: /^Active profile:/ })).toHaveAccessibleName(
    'Active profile: Team desk, environment Custom',
  );

  const bobDir = await mkdtemp(join(tmpdir(), 'uta-desk-e2e-bob-'));
  const bob = bobsDesk(bobDir, demo);
  try {
    // Bob amends team-held; the exchange's answer is held, so his guard stays in flight.
    await bob.handlers.getOrder({ clientOid: 'team-held' });
    demo.control.delayResponses(MODIFY_ORDER_PATH, 30_000, 1);
    const bobs = await bob.handlers.sendModification({ request: { orderId: held.orderId, price: '30011.0' } });
    expect(bobs.status).toBe('sending');

    // Alice loads it: the desk says who holds it, and Send is refused with those words.
    await openAmend(app);
    const guardWords = new RegExp(
      `^${held.orderId} is being amended by bob on ${HOST.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: in flight since \\d\\d:\\d\\d:\\d\\d UTC\\.$`,
    );
    const note = loaded(app).getByRole('note');
    // Another desk's guard reaches this one by a notice from the store: a load before it would be free.
    await expect(async () => {
      await loadOrder(app, 'team-held');
      await expect(note).toHaveText(guardWords, { timeout: 1_000 });
    }).toPass({ timeout: 8_000 });
    const before = modifies(demo);
    await review(app, '30021.0');
    await expect(sendButton(app)).toHaveAttribute('aria-disabled', 'true');
    await expect(sendReason(app)).toHaveText(guardWords);
    // Ctrl+Enter presses Send from the form: it takes the focus and says why it does not send.
    await field(app, 'Price').press('Control+Enter');
    await expect(sendButton(app)).toBeFocused();
    await expect(sendButton(app)).toHaveAccessibleDescription(new RegExp(guardWords.source.slice(1)));
    expect(modifies(demo)).toBe(before);
    await expectWhole(note, 'the guard in the Loaded order panel at 960 × 600', 'x');
    await expectWhole(sendReason(app), 'the guard under Send at 960 × 600', 'x');
    await shotBoth(app, shot, 'team-store-guard-960');
    await note.scrollIntoViewIfNeeded();
    await shotBoth(app, shot, 'team-store-guard-order-960');
    expect(demo.control.releaseResponses(MODIFY_ORDER_PATH)).toBe(1);

    // Activity lists bob's next amend, with who, within a second or two of it.
    await nav(app, 'Activity');
    const rows = app.getByRole('table', { name: 'Amend attempts' }).locator('tbody tr');
    const whose = app.getByText(/from every desk on the team store · \d+ attempts?$/);
    await expectWhole(whose, 'whose attempts Activity lists, at 960 × 600', 'x');
    const heldRow = rows.filter({ hasText: 'team-held' });
    await expect(heldRow).toContainText(`Desktop · bob on ${HOST}`);
    await expect(heldRow).toContainText('Applied', { timeout: 8_000 });
    await bob.handlers.getOrder({ clientOid: 'team-later' });
    const sentAt = Date.now();
    await bob.handlers.sendModification({ request: { orderId: later.orderId, price: '30012.0' } });
    const bobsRow = rows.filter({ hasText: 'team-later' });
    await expect(bobsRow).toContainText(`Desktop · bob on ${HOST}`, { timeout: 2_000 });
    expect(Date.now() - sentAt).toBeLessThan(2_000);
    await expect(bobsRow).toContainText('Applied', { timeout: 8_000 });
    await expectWhole(bobsRow.locator('.activity-source'), 'who, in Activity at 960 × 600', 'x');
    await shotBoth(app, shot, 'team-store-activity-960');

    // The store stopped: the header says so, and an amend is refused in words; nothing is sent.
    await cluster!.stop();
    const where = new URL(storeUrl);
    await expect(storeBanner(app)).toHaveText(
      `The team store at ${where.host}${where.pathname} cannot be reached — nothing is sent until it can record. Check the network and the server, then try again.`,
      { timeout: 8_000 },
    );
    await openAmend(app);
    await loadOrder(app, 'demo-btc-open');
    const sentBefore = modifies(demo);
    await review(app, '60010.0');
    await sendButton(app).click();
    await expect(status(app)).toHaveText(
      `demo-btc-open · Not sent: UTA Desk could not record this change — the team store at ${where.host}${where.pathname} cannot be reached. Check the network and the server, then try again.`,
      { timeout: 8_000 },
    );
    expect(modifies(demo)).toBe(sentBefore);
    await expectWhole(storeBanner(app), 'the store banner at 960 × 600', 'x');
    await expectWhole(status(app).locator('span'), 'the refusal at 960 × 600', 'x');
    await shotBoth(app, shot, 'team-store-unreachable-960');

    // Back again: the banner leaves within the health poll, and the same amend goes.
    await cluster!.start();
    await expect(storeBanner(app)).toHaveCount(0, { timeout: 6_000 });
    await review(app, '60010.0');
    await sendButton(app).click();
    await expect(status(app)).toContainText('Applied: price 60000.0 → 60010.0', { timeout: 8_000 });
    await shotBoth(app, shot, 'team-store-back-960');
  } finally {
    await bob.close();
    await rm(bobDir, { recursive: true, force: true });
  }
});

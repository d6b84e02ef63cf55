/**
 * The user-data folder on a small tmpfs, filled to the last byte: an amend is not sent, the desk says
 * why in one sentence, and a banner under the header says nothing is sent until the activity log can
 * be written; once space returns the banner goes and the same amend applies. Needs root to mount the
 * tmpfs (the same behaviour through an injected file system runs in
 * electron/amend/amend-steps.write-ahead.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, open, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test as base, expect, type DeskFixtures } from './fixtures';
import { BATCH, confirmAndSend, itemRow, items, previewShiftedLadder, runState } from './harness/amend-many-steps';
import { field } from './harness/amend-page';

type Page = DeskFixtures['app'];

function canMount(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const test = base.extend({
  userDataDir: async ({}, use) => {
    const root = await mkdtemp(join(tmpdir(), 'uta-desk-e2e-full-'));
    const mnt = join(root, 'mnt');
    await mkdir(mnt);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', mnt]);
    const dir = join(mnt, 'user-data');
    await mkdir(dir);
    await use(dir);
    execFileSync('umount', ['-l', mnt]);
    await rm(root, { recursive: true, force: true });
  },
});

/** Fills the disk holding `dir` to the last byte; answers the file to delete to free it. */
async function fill(dir: string): Promise<string> {
  const path = join(dir, 'filler.bin');
  const fh = await open(path, 'w');
  for (let size = 64 * 1024; size >= 1; size = Math.floor(size / 2)) {
    try {
      for (;;) await fh.write(Buffer.alloc(size, 1));
    } catch {
      // full at this size; a smaller one may still fit
    }
  }
  await fh.close();
  return path;
}

const status = (app: Page) => app.getByRole('status', { name: 'Amend progress' });
const banner = (app: Page) => app.getByRole('alert').filter({ hasText: 'The activity log cannot be written' });

async function reviewAndSend(app: Page, price: string) {
  await field(app, 'Price').fill(price);
  await app.getByRole('button', { name: 'Review' }).click();
  await expect(app.getByRole('button', { name: 'Send modification' })).toBeEnabled();
  await app.getByRole('button', { name: 'Send modification' }).click();
}

test.describe('write-ahead on a full disk', () => {
  test.skip(!canMount(), 'Needs root to mount a tmpfs: the injected-fs variant runs in the unit tests.');

  test('nothing is sent and the desk says why; the banner stays until space returns', async ({
    app,
    demo,
    userDataDir,
    shot,
  }) => {
    test.setTimeout(60_000);
    await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Amend order' }).click();
    await field(app, 'Client order ID').fill('demo-btc-open');
    await app.getByRole('button', { name: 'Load order' }).click();
    await expect(status(app)).toContainText('Loaded order demo-btc-open');

    const filler = await fill(dirname(userDataDir));
    await reviewAndSend(app, '60010.0');
    await expect(status(app)).toHaveText(
      `demo-btc-open · Not sent: UTA Desk could not record this change — the disk holding ${userDataDir} is full. Free space and try again.`,
    );
    await expect(banner(app)).toContainText(
      `The activity log cannot be written — the disk holding ${userDataDir} is full.`,
      {
        timeout: 8000,
      },
    );
    expect(demo.control.requestLog().filter((e) => e.path === '/api/v3/trade/modify-order')).toEqual([]);
    await shot('write-ahead-disk-full');

    await unlink(filler);
    await expect(banner(app)).toHaveCount(0, { timeout: 10_000 });
    await reviewAndSend(app, '60010.0');
    await expect(status(app)).toContainText('Applied: price 60000.0 → 60010.0', { timeout: 8000 });
  });

  test('a run that cannot be recorded: its items are refused, never "rejected", the exchange’s word', async ({
    app,
    demo,
    userDataDir,
    shot,
  }) => {
    test.setTimeout(90_000);
    const ids = await previewShiftedLadder(app, demo, 'full', 3, 1);
    const filler = await fill(dirname(userDataDir));
    await confirmAndSend(app, 3);
    await expect(runState(app)).toContainText('Stopped: UTA Desk could not record the next request', {
      timeout: 20_000,
    });
    expect(demo.control.requestLog().filter((e) => e.path === BATCH)).toEqual([]);
    for (const id of ids) {
      await expect(itemRow(app, id)).toContainText('Refused');
      await expect(itemRow(app, id)).toContainText('could not record this change');
    }
    await expect(items(app).getByText('Rejected')).toHaveCount(0);
    await app.setViewportSize({ width: 1280, height: 800 });
    await shot('write-ahead-run-refused');
    await unlink(filler);
  });
});

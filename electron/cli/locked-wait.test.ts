/**
 * The moment an app holds the user-data lock but serves no channel yet (starting) or any more
 * (stopping): the CLI asks again for the channel or the lock, briefly, before refusing with the
 * lock's words.
 */
import { captureCli, type CliResult } from './testing/captured-cli';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../core/create-core';
import { acquireUserDataLock, type UserDataLock } from '../core/user-data-lock';
import { createDispatch } from '../ipc/dispatch';
import type { LocalChannel } from '../local-channel/channel-client';
import { testSecretBox } from '../profiles/testing/test-secret-box';
import type { HostDeps } from './cli-host';

const FAST_CORE = { changeRefresh: { enabled: false } } as const;

let dir: string;
let lock: UserDataLock | undefined;
let app: Core | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'uta-cli-locked-'));
});
afterEach(async () => {
  await app?.close();
  await lock?.release();
  app = undefined;
  lock = undefined;
  await rm(dir, { recursive: true, force: true });
});

const cli = (host: HostDeps): Promise<CliResult> =>
  captureCli(['order', '--client-oid', 'demo-btc-open', '--json', '--user-data', dir], {
    env: {},
    sleep: async () => {},
    host,
  });

/** An app on the folder whose channel is served only once `serving()` says so; counts the asks. */
function startingApp(serving: () => boolean) {
  app = createCore({ host: 'desktop', userDataDir: dir, secretBox: testSecretBox(), version: 'test', ...FAST_CORE });
  const dispatch = createDispatch(app.handlers);
  const asks = { count: 0 };
  const connect = async (): Promise<LocalChannel | undefined> => {
    asks.count += 1;
    return serving() ? { path: 'fake-app', invoke: dispatch, close: () => undefined } : undefined;
  };
  return { connect, asks };
}

describe('the lock held and no channel yet', () => {
  it('waits for the app channel that comes a moment later, and goes through it', async () => {
    lock = await acquireUserDataLock(dir, 'electron');
    let up = false;
    const { connect, asks } = startingApp(() => up);
    // The app serves its channel once the CLI has found it missing twice.
    const host: HostDeps = {
      core: FAST_CORE,
      connect: async () => {
        if (asks.count >= 2) up = true;
        return connect();
      },
    };
    const r = await cli(host);
    expect(r.stderr).toMatch(/through the UTA Desk app running on/);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ clientOid: 'demo-btc-open' });
    expect(asks.count).toBe(3);
  });

  it('takes the lock when the app stopping releases it a moment later, and runs the core itself', async () => {
    lock = await acquireUserDataLock(dir, 'electron');
    const held = lock;
    let asks = 0;
    const host: HostDeps = {
      core: FAST_CORE,
      connect: async () => {
        asks += 1;
        if (asks === 2) await held.release();
        return undefined;
      },
    };
    const r = await cli(host);
    expect(r.stderr).toMatch(/in this process, on /);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ clientOid: 'demo-btc-open' });
  });

  it('refuses with the lock words when neither comes within the wait, having asked again', async () => {
    lock = await acquireUserDataLock(dir, 'electron');
    const { connect, asks } = startingApp(() => false);
    const r = await cli({ core: FAST_CORE, connect, lockedWait: { totalMs: 300, everyMs: 50 } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^uta-desk: UTA Desk is .* on /);
    expect(r.stdout).toBe('');
    expect(asks.count).toBeGreaterThan(1);
  });
});

/**
 * A write the disk refuses is said in words through the contract, never as a raw system code: a
 * watched symbol that cannot be saved, and the activity log's health on a folder that cannot be
 * written. (Amends that cannot be recorded: electron/amend/amend-steps.write-ahead.test.ts.)
 */
import { mkdir, mkdtemp, rm, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { WATCH_FILE } from '../instrument-history/watch-store';
import { createDispatch } from '../ipc/dispatch';
import { testSecretBox } from '../profiles/testing/test-secret-box';
import { createCore, type Core } from './create-core';

let demo: DemoExchange;
let dir: string;
let core: Core;

beforeEach(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 50 });
  dir = await mkdtemp(join(tmpdir(), 'storage-words-'));
  core = createCore({
    host: 'desktop',
    userDataDir: dir,
    secretBox: testSecretBox(),
    version: 'test',
    localDemo: { externalUrl: demo.url },
    changeRefresh: { enabled: false },
  });
});
afterEach(async () => {
  await core.close();
  await demo.close();
  await rm(dir, { recursive: true, force: true });
});

it('watch:set that cannot be saved says so in words, and the symbol is not shown as watched', async () => {
  const dispatch = createDispatch(core.handlers);
  // A folder where the watched symbols' file should be: its write cannot replace it.
  const watchFile = join(dir, 'instrument-history', WATCH_FILE);
  await mkdir(watchFile, { recursive: true });
  const answer = await dispatch('watch:set', { category: 'SPOT', symbol: 'BTCUSDT', watched: true });
  expect(answer.ok).toBe(false);
  const error = answer.ok ? undefined : answer.error;
  expect(error).toMatchObject({ kind: 'storage' });
  expect(error?.message).toBe(
    `Not saved: a folder stands in ${join(dir, 'instrument-history')} where UTA Desk keeps one of its files. Move that folder away and try again.`,
  );
  const status = await dispatch('changes:status', {});
  expect(status.ok && (status.data as { watched: unknown[] }).watched).toEqual([]);

  await rmdir(watchFile);
  const again = await dispatch('watch:set', { category: 'SPOT', symbol: 'BTCUSDT', watched: true });
  expect(again.ok && (again.data as { watched: unknown[] }).watched).toEqual([{ category: 'SPOT', symbol: 'BTCUSDT' }]);
});

it('activity:health is writable on a folder that can be written', async () => {
  const answer = await createDispatch(core.handlers)('activity:health', {});
  expect(answer).toEqual({ ok: true, data: { writable: true, message: null, since: null } });
});

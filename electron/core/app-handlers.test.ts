/** The heartbeat through the real dispatch: answers while the core runs, refuses once it closes. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { createDispatch } from '../ipc/dispatch';
import { testSecretBox } from '../profiles/testing/test-secret-box';
import { createCore, type Core } from './create-core';

let dir: string;
let demo: DemoExchange;
let core: Core;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'uta-desk-ping-'));
  demo = await startDemoExchange();
  core = createCore({
    host: 'desktop',
    userDataDir: dir,
    secretBox: testSecretBox(),
    version: '0.0.0-test',
    localDemo: { externalUrl: demo.url },
    now: () => 1_700_000_000_000,
  });
});
afterEach(async () => {
  await core.close();
  await demo.close();
  await rm(dir, { recursive: true, force: true });
});

describe('app:ping', () => {
  it('answers with the core clock while the core runs', async () => {
    const dispatch = createDispatch(core.handlers);
    expect(await dispatch('app:ping', {})).toEqual({ ok: true, data: { at: 1_700_000_000_000 } });
  });

  it('refuses from the moment the core starts closing, and a second close waits for the first', async () => {
    const dispatch = createDispatch(core.handlers);
    const first = core.close();
    expect(await dispatch('app:ping', {})).toMatchObject({ ok: false, error: { kind: 'internal' } });
    await Promise.all([first, core.close()]);
    expect(await dispatch('app:ping', {})).toMatchObject({ ok: false, error: { message: /stopping/ } });
  });

  it('accepts only an empty request', async () => {
    const dispatch = createDispatch(core.handlers);
    expect(await dispatch('app:ping', { extra: 1 })).toMatchObject({ ok: false, error: { kind: 'validation' } });
  });
});

/**
 * Secrets never leave main: run creating, editing, failing requests and failing connection tests with
 * known secret values through the real core handlers and IPC dispatch, and look for those values in
 * every answer, every thrown error and everything written to the console.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCore } from './create-core';
import { startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { ExchangeClient } from '../exchange/client';
import { RateLimiters } from '../exchange/rate-limiter';
import { closedPort, startFakeExchange } from '../exchange/testing/fake-exchange';
import { createDispatch } from '../ipc/dispatch';
import type { SecretBox } from '../profiles/secret-box';
import { testSecretBox } from '../profiles/testing/test-secret-box';

const API_KEY = 'bg_REDACT_apikey_7f3e9a1c5b2d';
const SECRET = 'REDACT-secret-0c4f8e2a6b9d1357';
const PASSPHRASE = 'REDACT-passphrase-q9w8e7';
const NEW_SECRET = 'REDACT-replacement-secret-5a5a5a';
const LONG_SECRET = 'REDACT-too-long-'.repeat(40);
const VAULT_PASSPHRASE = 'REDACT-vault-passphrase-77aa';
const STORE_PASSWORD = 'REDACT-store-password-3c3c';
const NEW_STORE_PASSWORD = 'REDACT-store-password-new-4d4d';
const ALL = [
  API_KEY,
  SECRET,
  PASSPHRASE,
  NEW_SECRET,
  LONG_SECRET,
  VAULT_PASSPHRASE,
  STORE_PASSWORD,
  NEW_STORE_PASSWORD,
];
const STORE = 'postgres://trader@db.example/desk?sslmode=verify-full';

let demo: DemoExchange;
const dirs: string[] = [];
beforeAll(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 50 });
});
afterAll(async () => {
  await demo.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

function captureConsole(): { text: () => string } {
  const lines: string[] = [];
  const record = (...args: unknown[]) => {
    lines.push(
      args
        .map((a) =>
          a instanceof Error
            ? `${String(a)} ${a.stack ?? ''} ${JSON.stringify(a)}`
            : typeof a === 'string'
              ? a
              : JSON.stringify(a),
        )
        .join(' '),
    );
  };
  for (const m of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const)
    vi.spyOn(console, m).mockImplementation(record);
  return { text: () => lines.join('\n') };
}

async function coreWith(box: SecretBox) {
  const dir = await mkdtemp(join(tmpdir(), 'uta-redact-'));
  dirs.push(dir);
  const core = createCore({
    host: 'desktop',
    userDataDir: dir,
    secretBox: box,
    version: 'test',
    localDemo: { externalUrl: demo.url },
    vaultScrypt: { N: 2 ** 10, r: 8, p: 1 },
  });
  const dispatch = createDispatch(core.handlers, {
    onInternalError: (channel, e) => console.error(`[ipc] ${channel}`, e),
  });
  return { core, dir, dispatch };
}

function expectNoSecret(where: string, text: string): void {
  for (const s of ALL) expect(text.includes(s), `${where} contains a secret`).toBe(false);
}

describe('redaction', () => {
  it('no secret appears in IPC answers, thrown errors, console output or the profiles file', async () => {
    const console_ = captureConsole();
    const answers: unknown[] = [];
    const { core, dir, dispatch } = await coreWith(testSecretBox());
    const call = async (channel: string, payload: unknown) => {
      const a = await dispatch(channel, payload);
      answers.push(a);
      return a as { ok: boolean; data?: { id?: string } };
    };
    const creds = { apiKey: API_KEY, secretKey: SECRET, passphrase: PASSPHRASE };

    const created = await call('profiles:create', {
      name: 'Secretive',
      environment: 'custom',
      baseUrl: demo.url,
      ...creds,
    });
    expect(created.ok).toBe(true);
    const id = created.data?.id ?? '';
    await call('profiles:create', { name: 'Secretive', environment: 'custom', baseUrl: demo.url, ...creds }); // duplicate name
    await call('profiles:create', {
      name: 'Plain http',
      environment: 'custom',
      baseUrl: 'http://exchange.example',
      ...creds,
    });
    await call('profiles:create', {
      name: 'Too long',
      environment: 'live',
      apiKey: API_KEY,
      secretKey: LONG_SECRET,
      passphrase: PASSPHRASE,
    });
    await call('profiles:create', { name: 'Half', environment: 'live', apiKey: API_KEY });
    expect((await call('profiles:test', { id })).ok).toBe(true); // answers, with ok: false (unknown key)
    await call('profiles:update', {
      id,
      secretKey: NEW_SECRET,
      name: 'Secretive 2',
      environment: 'custom',
      baseUrl: demo.url,
      locale: 'en-US',
      timeoutMs: 5000,
    });
    // A team store's password: sealed, refused in the address, and never answered back.
    const teamed = await call('profiles:create', {
      name: 'Team',
      environment: 'live',
      teamStoreUrl: STORE,
      teamStorePassword: STORE_PASSWORD,
    });
    expect(teamed).toMatchObject({ ok: true, data: { teamStore: { url: STORE, hasPassword: true } } });
    const teamId = teamed.data?.id ?? '';
    await call('profiles:update', { id: teamId, teamStorePassword: NEW_STORE_PASSWORD });
    await call('profiles:update', { id: teamId, teamStoreUrl: '', teamStorePassword: STORE_PASSWORD });
    await call('profiles:update', { id: teamId, teamStorePassword: `${STORE_PASSWORD}\n` });
    await call('profiles:create', {
      name: 'In the address',
      environment: 'live',
      teamStoreUrl: `postgres://trader:${STORE_PASSWORD}@db.example/desk`,
    });
    await call('profiles:create', {
      name: 'As a parameter',
      environment: 'live',
      teamStoreUrl: `postgres://db.example/desk?password=${STORE_PASSWORD}`,
    });
    await call('profiles:create', { name: 'No store', environment: 'live', teamStorePassword: STORE_PASSWORD });

    await call('profiles:select', { id });
    await call('app:status', {});
    await call('profiles:list', {});
    await call('instruments:list', { category: 'SPOT', symbol: 'BTCUSDT' });
    await call('orders:open', {}); // a signed request the exchange rejects (unknown key)
    await call('orders:get', { orderId: '1' });
    await call('amend:send', { request: { orderId: '1', qty: '1' } });

    const port = await closedPort();
    const down = await call('profiles:create', {
      name: 'Down',
      environment: 'custom',
      baseUrl: `http://127.0.0.1:${port}`,
      ...creds,
    });
    await call('profiles:test', { id: down.data?.id });
    await call('profiles:select', { id: down.data?.id });
    await call('orders:open', {});
    await call('profiles:delete', { id: down.data?.id });

    // Without a strong keyring the passphrase vault seals them: refusals (no passphrase yet, a wrong
    // one) and the vault's file carry no secret either, nor the vault passphrase.
    const weak = await coreWith(testSecretBox({ backend: 'basic_text' }));
    answers.push(await weak.dispatch('profiles:create', { name: 'Weak', environment: 'live', ...creds }));
    const none = await coreWith(testSecretBox({ available: false }));
    answers.push(await none.dispatch('vault:setup', { passphrase: VAULT_PASSPHRASE }));
    const sealedByVault = await none.dispatch('profiles:create', { name: 'None', environment: 'live', ...creds });
    expect(sealedByVault).toMatchObject({ ok: true, data: { storage: 'passphrase' } });
    answers.push(sealedByVault);
    answers.push(
      await none.dispatch('profiles:create', {
        name: 'Vaulted store',
        environment: 'live',
        teamStoreUrl: STORE,
        teamStorePassword: STORE_PASSWORD,
      }),
    );
    answers.push(await none.dispatch('vault:lock', {}));
    answers.push(await none.dispatch('vault:unlock', { passphrase: `${VAULT_PASSPHRASE}-wrong` }));
    answers.push(await none.dispatch('vault:change', { current: VAULT_PASSPHRASE, next: `${VAULT_PASSPHRASE}-2` }));
    for (const f of await filesUnder(none.dir)) expectNoSecret(`file ${f}`, await readFile(join(none.dir, f), 'utf8'));

    const answersText = JSON.stringify(answers);
    expect(answersText).toContain('"ok":false'); // the failures above really failed
    expect(answersText).toContain('"apiKeyHint":"…5b2d"'); // only the masked hint is there
    expectNoSecret('IPC answers', answersText);
    expectNoSecret('console', console_.text());
    for (const f of await filesUnder(dir)) expectNoSecret(`file ${f}`, await readFile(join(dir, f), 'utf8'));
    await Promise.all([core.close(), weak.core.close(), none.core.close()]);
  });

  it('no secret appears in errors thrown by the client, whatever fails', async () => {
    const creds = { apiKey: API_KEY, secretKey: SECRET, passphrase: PASSPHRASE };
    const answers: Array<() => Promise<unknown>> = [];
    const fake = await startFakeExchange((req) =>
      req.path === '/api/v3/trade/order-info'
        ? { status: 400, json: { code: '40012', msg: 'apikey/password is incorrect', requestTime: 1, data: null } }
        : { status: 500, text: 'oops' },
    );
    const port = await closedPort();
    const client = (baseUrl: string) =>
      new ExchangeClient({
        baseUrl,
        credentials: creds,
        limiters: new RateLimiters(),
        sleep: async () => {},
        timeoutMs: 300,
      });
    answers.push(
      () => client(fake.url).getOrder({ orderId: '1' }),
      () => client(fake.url).modifyOrder({ orderId: '1', qty: '1' }),
      () => client(`http://127.0.0.1:${port}`).getOpenOrders({}),
      () => client('http://127.0.0.1:1').modifyOrder({ orderId: '1', price: '1' }),
    );
    for (const run of answers) {
      const e = await run().then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(Error);
      const err = e as Error & { data?: unknown };
      expectNoSecret(
        'thrown error',
        `${String(err)} ${err.stack ?? ''} ${JSON.stringify(err)} ${JSON.stringify(err.data)}`,
      );
    }
    await fake.close();
  });
});

/** Every file in the folder and its subfolders (the instrument history keeps its own). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

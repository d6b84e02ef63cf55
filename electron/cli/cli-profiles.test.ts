/**
 * `--profile NAME` in process: a vault profile's passphrase from a file descriptor or from the file
 * named by UTA_DESK_VAULT_PASSPHRASE_FILE (never an argument), a wrong one refused in words (exit 2),
 * the Local demo started in process, and the app still opening next on the profile it had.
 */
import { captureCli, type CliResult } from './testing/captured-cli';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, startDemoExchange, type DemoExchange } from '../../demo-exchange';
import { createCore } from '../core/create-core';
import { PROFILES_FILE } from '../profiles/profile-store';
import { testSecretBox } from '../profiles/testing/test-secret-box';

const PASS = 'correct horse battery staple';
const FAST = { changeRefresh: { enabled: false }, vaultScrypt: { N: 2 ** 10, r: 8, p: 1 } } as const;
const UID = DEMO_ACCOUNT.uid;

let demo: DemoExchange;
let dir: string;
beforeAll(async () => {
  demo = await startDemoExchange({ engineLatencyMs: 20 });
});
afterAll(async () => {
  await demo.close();
});
beforeEach(async () => {
  demo.control.reset();
  dir = await mkdtemp(join(tmpdir(), 'uta-cli-profiles-'));
  // The app, earlier: a vault profile "Desk A" on the demo exchange; the Local demo stays active.
  const app = createCore({
    host: 'desktop',
    userDataDir: dir,
    secretBox: testSecretBox({ available: false }),
    version: 't',
    ...FAST,
  });
  await app.handlers.setupVault({ passphrase: PASS });
  await app.handlers.createProfile({
    name: 'Desk A',
    environment: 'custom',
    baseUrl: demo.url,
    locale: 'en-US',
    timeoutMs: 10_000,
    apiKey: DEMO_ACCOUNT.apiKey,
    secretKey: DEMO_ACCOUNT.secretKey,
    passphrase: DEMO_ACCOUNT.passphrase,
  });
  await app.close();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function cli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const r = await captureCli([...args, '--user-data', dir], {
    env,
    pollMs: 20,
    host: { core: { ...FAST, localDemo: { engineLatencyMs: 20 } } },
  });
  for (const s of [PASS, DEMO_ACCOUNT.secretKey, DEMO_ACCOUNT.passphrase]) expect(r.stdout + r.stderr).not.toContain(s);
  return r;
}

const activeOnDisk = async () =>
  (JSON.parse(await readFile(join(dir, PROFILES_FILE), 'utf8')) as { activeProfileId: string }).activeProfileId;
const modifyArgs = ['modify', '--client-oid', 'demo-btc-open', '--price', '60010.0'];

describe('--profile', () => {
  it('a vault profile with the passphrase from --passphrase-fd: applied, and the app still opens on its own profile', async () => {
    const file = join(dir, 'pass.txt');
    await writeFile(file, `${PASS}\n`);
    const fd = openSync(file, 'r');
    try {
      const r = await cli([...modifyArgs, '--profile', 'Desk A', '--passphrase-fd', String(fd)]);
      expect(r.stderr).toContain('profile "Desk A"');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Applied/);
    } finally {
      closeSync(fd);
    }
    expect(demo.control.getOrder(UID, 'demo-btc-open')?.price).toBe('60010.0');
    expect(await activeOnDisk()).toBe('local-demo');
  });

  it('the passphrase from UTA_DESK_VAULT_PASSPHRASE_FILE; a wrong one is refused in words, exit 2, nothing sent', async () => {
    const wrong = join(dir, 'wrong.txt');
    await writeFile(wrong, 'not the passphrase\n');
    const refused = await cli([...modifyArgs, '--profile', 'desk a'], { UTA_DESK_VAULT_PASSPHRASE_FILE: wrong });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/The vault could not be unlocked: .*Nothing was sent/);
    expect(demo.control.requestLog().filter((e) => e.path === '/api/v3/trade/modify-order')).toHaveLength(0);

    const right = join(dir, 'right.txt');
    await writeFile(right, PASS);
    const r = await cli([...modifyArgs, '--profile', 'Desk A'], { UTA_DESK_VAULT_PASSPHRASE_FILE: right });
    expect(r.code).toBe(0);
  });

  it('no passphrase source and no terminal: says where a passphrase can come from, exit 2', async () => {
    const r = await cli([...modifyArgs, '--profile', 'Desk A']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/passphrase vault: give the passphrase on a terminal, with --passphrase-fd N/);
  });

  it('an unknown profile is named with the list; --profile and the environment variables together are refused', async () => {
    const unknown = await cli([...modifyArgs, '--profile', 'Nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/No profile is named "Nope". Profiles: "Local demo", "Desk A"/);
    const both = await cli([...modifyArgs, '--profile', 'Desk A'], {
      BITGET_API_KEY: 'k',
      BITGET_API_SECRET: 's',
      BITGET_API_PASSPHRASE: 'p',
    });
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/not both/);
  });

  it('the Local demo: its exchange starts in process; the attempt is recorded under it; order and open-orders take --profile', async () => {
    const r = await cli([...modifyArgs, '--profile', 'Local demo']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Applied/);
    const shown = await cli(['order', '--client-oid', 'demo-btc-open', '--profile', 'Local demo', '--json']);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ clientOid: 'demo-btc-open', price: '60010.0' });
    const open = await cli(['open-orders', '--profile', 'Local demo', '--json', '--quiet']);
    expect(open.code).toBe(0);
    expect(open.stderr).toBe('');
    expect((JSON.parse(open.stdout) as { list: unknown[] }).list.length).toBeGreaterThan(0);
    const app = createCore({
      host: 'desktop',
      userDataDir: dir,
      secretBox: testSecretBox({ available: false }),
      version: 't',
      ...FAST,
    });
    try {
      const { attempts } = await app.handlers.listActivity({});
      expect(attempts).toHaveLength(1);
      expect(attempts[0]).toMatchObject({ status: 'applied', profileName: 'Local demo' });
    } finally {
      await app.close();
    }
  });
});

/**
 * profiles.json under file-system faults: an unreadable file or a read-only folder never takes the
 * built-in Local demo down with it, and a failed save leaves neither a temporary file nor a change.
 */
import * as fsp from 'node:fs/promises';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deskFailure } from '../testing/desk-failure';
import { createProfileService } from './profile-service';
import { LOCAL_DEMO_PROFILE_ID } from './builtin-profile';
import { ProfileStore, type StoreFs } from './profile-store';
import { testSecretBox } from './testing/test-secret-box';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'uta-profiles-faults-'));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

const fault = (code: string) => Object.assign(new Error(`${code}: injected`), { code });

/** The real file system, with the named operations failing as told. */
function faulty(fails: Partial<Record<keyof StoreFs, string>>, calls: string[] = []): StoreFs {
  const wrap = <K extends keyof StoreFs>(name: K) =>
    (async (...args: unknown[]) => {
      calls.push(`${name} ${String(args[0]).replace(dir, '<dir>')}`);
      const code = fails[name];
      if (code) throw fault(code);
      return (fsp[name] as (...a: unknown[]) => unknown)(...args);
    }) as StoreFs[K];
  return {
    readFile: wrap('readFile'),
    open: wrap('open'),
    rename: wrap('rename'),
    rm: wrap('rm'),
    mkdir: wrap('mkdir'),
    access: wrap('access'),
    readdir: wrap('readdir'),
  };
}

function service(storeFs?: StoreFs) {
  return createProfileService(
    { userDataDir: dir, secretBox: testSecretBox(), version: 'test' },
    { url: async () => 'http://127.0.0.1:9' },
    { storeFs },
  );
}

describe('a broken profiles.json', () => {
  it('that is a folder (EISDIR): the Local demo still works, with a warning; saving is refused, nothing changed', async () => {
    await mkdir(join(dir, 'profiles.json'));
    const s = service();
    const list = await s.list();
    expect(list.map((p) => p.id)).toEqual([LOCAL_DEMO_PROFILE_ID]);
    expect((await s.active()).profile.id).toBe(LOCAL_DEMO_PROFILE_ID);
    expect(s.storageStatus().warning).toMatch(/profiles file could not be read \(EISDIR\)/);
    const e = await deskFailure(s.create({ name: 'New', environment: 'live' }));
    expect(e.kind).toBe('vault');
    expect(e.message).toMatch(/EISDIR.*nothing is saved over it/);
    expect((await readdir(dir)).sort()).toEqual(['profiles.json']);
  });

  it('on a read-only folder (EROFS): a corrupt file cannot be moved aside, yet the Local demo works', async () => {
    await writeFile(join(dir, 'profiles.json'), '{ not json');
    const s = service(faulty({ rename: 'EROFS', open: 'EROFS' }));
    expect((await s.list()).map((p) => p.id)).toEqual([LOCAL_DEMO_PROFILE_ID]);
    expect((await s.active()).profile.id).toBe(LOCAL_DEMO_PROFILE_ID);
    expect(s.storageStatus().warning).toMatch(/not valid JSON/);
    expect(s.storageStatus().warning).toMatch(/EROFS/);
    expect(await readFile(join(dir, 'profiles.json'), 'utf8')).toBe('{ not json');
    // Left in place, so never saved over: a change is refused rather than destroying it.
    expect((await deskFailure(s.create({ name: 'New', environment: 'live' }))).message).toMatch(/nothing was changed/);
    expect(await readFile(join(dir, 'profiles.json'), 'utf8')).toBe('{ not json');
  });

  it.skipIf(process.platform === 'win32' || process.getuid?.() === 0)(
    'that this user may not read (EACCES) is never replaced by a new one',
    async () => {
      await writeFile(join(dir, 'profiles.json'), '{"version":1}', { mode: 0o000 });
      const s = service();
      expect((await s.list()).map((p) => p.id)).toEqual([LOCAL_DEMO_PROFILE_ID]);
      expect((await deskFailure(s.create({ name: 'New', environment: 'live' }))).kind).toBe('vault');
      await fsp.chmod(join(dir, 'profiles.json'), 0o600);
      expect(await readFile(join(dir, 'profiles.json'), 'utf8')).toBe('{"version":1}');
    },
  );

  it('that cannot be read (EIO) is never replaced by a new one', async () => {
    await writeFile(join(dir, 'profiles.json'), '{"version":1}');
    const s = service(faulty({ readFile: 'EIO' }));
    expect((await s.list()).map((p) => p.id)).toEqual([LOCAL_DEMO_PROFILE_ID]);
    expect(s.storageStatus().warning).toMatch(/EIO/);
    expect((await deskFailure(s.select(LOCAL_DEMO_PROFILE_ID))).kind).toBe('vault');
    expect(await readFile(join(dir, 'profiles.json'), 'utf8')).toBe('{"version":1}');
  });
});

describe('saving atomically', () => {
  it('removes its temporary file when the write fails, and keeps the previous file', async () => {
    const good = service();
    await good.create({ name: 'Kept', environment: 'live' });
    const before = await readFile(join(dir, 'profiles.json'), 'utf8');
    const store = new ProfileStore(dir, Date.now, {
      ...faulty({}),
      open: (async (path: string, flags: string, mode?: number) => {
        const fh = await fsp.open(path, flags, mode);
        if (flags === 'w')
          return new Proxy(fh, {
            get: (t, k: string) => (k === 'writeFile' ? async () => Promise.reject(fault('ENOSPC')) : (t as never)[k]),
          });
        return fh;
      }) as StoreFs['open'],
    });
    await expect(store.save({ version: 1, activeProfileId: LOCAL_DEMO_PROFILE_ID, profiles: [] })).rejects.toThrow(
      /ENOSPC/,
    );
    expect(await readdir(dir)).toEqual(['profiles.json']);
    expect(await readFile(join(dir, 'profiles.json'), 'utf8')).toBe(before);
  });

  it('removes the temporary files of saves a crash interrupted on the next start, and nothing else', async () => {
    await service().create({ name: 'Kept', environment: 'live' });
    const sealedCopy = await readFile(join(dir, 'profiles.json'), 'utf8');
    const stale = ['profiles.json.4242.0a1b2c3d.tmp', `profiles.json.${process.pid}.deadbeef.tmp`];
    const others = ['profiles.json.notes.tmp', 'profiles.corrupt-2026-01-01T00-00-00-000Z.json', 'activity.jsonl'];
    for (const name of [...stale, ...others]) await writeFile(join(dir, name), sealedCopy);

    const s = service();
    expect((await s.list()).map((p) => p.name)).toEqual(['Local demo', 'Kept']);
    expect((await readdir(dir)).sort()).toEqual([...others, 'profiles.json'].sort());
  });

  it('starts even when a stale temporary file cannot be removed', async () => {
    await writeFile(join(dir, 'profiles.json.77.00ff.tmp'), '{}');
    const s = service(faulty({ rm: 'EACCES' }));
    expect(await s.list()).toHaveLength(1);
  });

  it.skipIf(process.platform === 'win32')(
    'syncs the folder after the rename, so the new name survives a crash',
    async () => {
      const calls: string[] = [];
      const store = new ProfileStore(dir, Date.now, faulty({}, calls));
      await store.save({ version: 1, activeProfileId: LOCAL_DEMO_PROFILE_ID, profiles: [] });
      const rename = calls.findIndex((c) => c.startsWith('rename '));
      const dirOpen = calls.findIndex((c, i) => i > rename && c === 'open <dir>');
      expect(rename).toBeGreaterThanOrEqual(0);
      expect(dirOpen).toBeGreaterThan(rename);
    },
  );
});

/** The one start-up of the core every host uses: the folder's lock, the core, the channel; closed in reverse. */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testSecretBox } from '../profiles/testing/test-secret-box';
import { SOCKET_FILE } from '../local-channel/channel-path';
import { defaultUserDataDir, openCore } from './open-core';
import { LOCK_FILE, UserDataLockedError } from './user-data-lock';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'open-core-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const options = () => ({
  userDataDir: dir,
  host: 'browser' as const,
  secretBox: testSecretBox(),
  version: 'test',
  core: { changeRefresh: { enabled: false } },
});

describe('openCore', () => {
  it('holds the folder against a second host, serves the channel, and gives both back on close', async () => {
    const opened = await openCore({ ...options(), localChannel: true });
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
    expect(opened.channel).toBeDefined();
    await expect(openCore({ ...options(), host: 'cli' })).rejects.toThrow(UserDataLockedError);
    await expect(openCore({ ...options(), host: 'cli' })).rejects.toThrow(/\(browser host, pid/);
    await opened.close();
    await opened.close();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    if (process.platform !== 'win32') expect(existsSync(join(dir, SOCKET_FILE))).toBe(false);
    const again = await openCore(options());
    await again.close();
  });

  it('gives the lock back when the core cannot be made', async () => {
    await expect(
      openCore({
        ...options(),
        createCore: () => {
          throw new Error('no core today');
        },
      }),
    ).rejects.toThrow('no core today');
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });
});

describe('defaultUserDataDir', () => {
  const home = '/home/ana';

  it('uses XDG_CONFIG_HOME on Linux, else ~/.config', () => {
    expect(defaultUserDataDir('linux', { XDG_CONFIG_HOME: '/xdg/cfg' }, home)).toBe(join('/xdg/cfg', 'uta-desk'));
    expect(defaultUserDataDir('linux', {}, home)).toBe(join(home, '.config', 'uta-desk'));
    expect(defaultUserDataDir('linux', { XDG_CONFIG_HOME: '' }, home)).toBe(join(home, '.config', 'uta-desk'));
    expect(defaultUserDataDir('freebsd', {}, home)).toBe(join(home, '.config', 'uta-desk'));
  });

  it('uses Application Support on macOS, whatever XDG says', () => {
    expect(defaultUserDataDir('darwin', { XDG_CONFIG_HOME: '/xdg' }, '/Users/ana')).toBe(
      join('/Users/ana', 'Library', 'Application Support', 'uta-desk'),
    );
  });

  it('uses APPDATA on Windows, else the roaming folder under the home', () => {
    const appData = 'C:\\Users\\ana\\AppData\\Roaming';
    expect(defaultUserDataDir('win32', { APPDATA: appData }, 'C:\\Users\\ana')).toBe(join(appData, 'uta-desk'));
    expect(defaultUserDataDir('win32', {}, 'C:\\Users\\ana')).toBe(
      join('C:\\Users\\ana', 'AppData', 'Roaming', 'uta-desk'),
    );
  });
});

import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  appModeArgs,
  findBrowser,
  hasDisplay,
  lastBrowserError,
  openInAppMode,
  type OpenedBrowser,
} from './open-browser';

describe('hasDisplay', () => {
  it.each([
    ['darwin', {}, true],
    ['win32', {}, true],
    ['linux', {}, false],
    ['linux', { DISPLAY: ':0' }, true],
    ['linux', { WAYLAND_DISPLAY: 'wayland-0' }, true],
    ['linux', { DISPLAY: '' }, false],
    ['freebsd', { DISPLAY: ':1' }, true],
    ['freebsd', {}, false],
  ] as const)('%s with %j → %s', (platform, env, expected) => {
    expect(hasDisplay({ platform, env })).toBe(expected);
  });
});

describe('findBrowser', () => {
  const existsOnly =
    (...paths: string[]) =>
    (path: string) =>
      paths.includes(path);

  describe('on Linux', () => {
    const env = { PATH: '/usr/local/bin:/usr/bin:/snap/bin' };

    it('prefers Chromium, then Chrome, then Edge, whatever the PATH order', () => {
      const exists = existsOnly('/usr/local/bin/microsoft-edge', '/snap/bin/chromium', '/usr/bin/google-chrome');
      expect(findBrowser({ platform: 'linux', env, exists })).toEqual({ name: 'Chromium', path: '/snap/bin/chromium' });
      expect(
        findBrowser({
          platform: 'linux',
          env,
          exists: existsOnly('/usr/bin/microsoft-edge', '/snap/bin/google-chrome'),
        }),
      ).toEqual({ name: 'Google Chrome', path: '/snap/bin/google-chrome' });
    });

    it('finds the alternative binary names', () => {
      expect(findBrowser({ platform: 'linux', env, exists: existsOnly('/usr/bin/chromium-browser') })).toEqual({
        name: 'Chromium',
        path: '/usr/bin/chromium-browser',
      });
      expect(findBrowser({ platform: 'linux', env, exists: existsOnly('/usr/bin/google-chrome-stable') })).toEqual({
        name: 'Google Chrome',
        path: '/usr/bin/google-chrome-stable',
      });
      expect(findBrowser({ platform: 'linux', env, exists: existsOnly('/usr/bin/microsoft-edge-stable') })).toEqual({
        name: 'Microsoft Edge',
        path: '/usr/bin/microsoft-edge-stable',
      });
    });

    it('takes the first PATH entry holding the preferred binary', () => {
      const exists = existsOnly('/usr/bin/chromium', '/usr/local/bin/chromium');
      expect(findBrowser({ platform: 'linux', env, exists })?.path).toBe('/usr/local/bin/chromium');
    });

    it('ignores empty and relative PATH entries', () => {
      const seen: string[] = [];
      const exists = (path: string) => {
        seen.push(path);
        return false;
      };
      findBrowser({ platform: 'linux', env: { PATH: ':bin:/usr/bin:' }, exists });
      expect(seen.every((path) => path.startsWith('/usr/bin/'))).toBe(true);
      expect(seen).toHaveLength(6);
    });

    it('returns undefined when none is installed or there is no PATH', () => {
      expect(findBrowser({ platform: 'linux', env, exists: () => false })).toBeUndefined();
      expect(findBrowser({ platform: 'linux', env: {}, exists: () => true })).toBeUndefined();
    });

    it('lets UTA_DESK_BROWSER win, without checking it exists', () => {
      const exists = existsOnly('/usr/bin/chromium');
      expect(
        findBrowser({ platform: 'linux', env: { ...env, UTA_DESK_BROWSER: '/opt/brave/brave-browser' }, exists }),
      ).toEqual({ name: 'brave-browser', path: '/opt/brave/brave-browser' });
    });
  });

  describe('on macOS', () => {
    it('looks in /Applications, Chromium first', () => {
      const chrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
      const edge = '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge';
      const chromium = '/Applications/Chromium.app/Contents/MacOS/Chromium';
      expect(findBrowser({ platform: 'darwin', env: {}, exists: existsOnly(chrome, edge) })).toEqual({
        name: 'Google Chrome',
        path: chrome,
      });
      expect(findBrowser({ platform: 'darwin', env: {}, exists: existsOnly(edge) })).toEqual({
        name: 'Microsoft Edge',
        path: edge,
      });
      expect(findBrowser({ platform: 'darwin', env: {}, exists: existsOnly(edge, chromium) })?.name).toBe('Chromium');
      expect(findBrowser({ platform: 'darwin', env: {}, exists: () => false })).toBeUndefined();
    });
  });

  describe('on Windows', () => {
    const env = {
      PROGRAMFILES: 'C:\\Program Files',
      'PROGRAMFILES(X86)': 'C:\\Program Files (x86)',
      LOCALAPPDATA: 'C:\\Users\\op\\AppData\\Local',
    };

    it('looks in Program Files and LOCALAPPDATA', () => {
      expect(
        findBrowser({
          platform: 'win32',
          env,
          exists: existsOnly('C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe'),
        }),
      ).toEqual({ name: 'Microsoft Edge', path: 'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe' });
      expect(
        findBrowser({
          platform: 'win32',
          env,
          exists: existsOnly(
            'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe',
            'C:\\Users\\op\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe',
          ),
        }),
      ).toEqual({
        name: 'Google Chrome',
        path: 'C:\\Users\\op\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe',
      });
      expect(
        findBrowser({
          platform: 'win32',
          env,
          exists: existsOnly(
            'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
            'C:\\Users\\op\\AppData\\Local\\Chromium\\Application\\chrome.exe',
          ),
        })?.name,
      ).toBe('Chromium');
      expect(findBrowser({ platform: 'win32', env, exists: () => false })).toBeUndefined();
    });

    it('reads the variables whatever their case, as Windows does', () => {
      const path = 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe';
      expect(
        findBrowser({ platform: 'win32', env: { ProgramFiles: 'C:\\Program Files' }, exists: existsOnly(path) }),
      ).toEqual({ name: 'Google Chrome', path });
    });

    it('skips roots that are not set', () => {
      const seen: string[] = [];
      findBrowser({
        platform: 'win32',
        env: {},
        exists: (p) => {
          seen.push(p);
          return false;
        },
      });
      expect(seen).toEqual([]);
    });

    it('lets UTA_DESK_BROWSER win', () => {
      expect(
        findBrowser({ platform: 'win32', env: { ...env, UTA_DESK_BROWSER: 'D:\\Apps\\Vivaldi\\vivaldi.exe' } }),
      ).toEqual({ name: 'vivaldi.exe', path: 'D:\\Apps\\Vivaldi\\vivaldi.exe' });
    });
  });
});

describe('appModeArgs', () => {
  it('opens the URL as an app on its own quiet profile', () => {
    expect(appModeArgs('http://127.0.0.1:5000/?launch=abc', '/tmp/profile')).toEqual([
      '--app=http://127.0.0.1:5000/?launch=abc',
      '--user-data-dir=/tmp/profile',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-sync',
      '--disable-background-networking',
      '--disable-component-update',
      '--window-size=1440,900',
    ]);
  });

  it('appends extra arguments last', () => {
    expect(appModeArgs('http://x/', '/p', ['--no-sandbox', '--lang=en']).slice(-2)).toEqual([
      '--no-sandbox',
      '--lang=en',
    ]);
  });
});

describe('openInAppMode', () => {
  const SECRET = 'launch-secret-0123456789';
  const url = `http://127.0.0.1:1/?launch=${SECRET}`;
  let scratch: string;
  let opened: OpenedBrowser | undefined;

  const profileDirs = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('uta-desk-browser-'));

  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'open-browser-test-'));
    opened = undefined;
  });
  afterEach(async () => {
    await opened?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it.skipIf(process.platform === 'win32')(
    'starts the browser on a temporary profile, and close() stops it and removes the profile',
    async () => {
      const argsFile = join(scratch, 'args.txt');
      const fake = join(scratch, 'fake-browser');
      await writeFile(fake, `#!/bin/sh\nprintf '%s\\n' "$@" > '${argsFile}'\nexec sleep 30\n`);
      await chmod(fake, 0o755);

      opened = await openInAppMode({ name: 'Fake', path: fake }, url, {
        env: { UTA_DESK_BROWSER_ARGS: ' --no-sandbox  --lang=en ' },
      });
      expect(opened.name).toBe('Fake');
      const pid = opened.pid as number;
      expect(pid).toBeGreaterThan(0);

      await expect
        .poll(async () => (await readFile(argsFile, 'utf8').catch(() => '')).includes('--lang=en'))
        .toBe(true);
      const args = (await readFile(argsFile, 'utf8')).trim().split('\n');
      const profileDir = args.find((a) => a.startsWith('--user-data-dir='))?.slice('--user-data-dir='.length) ?? '';
      expect(args).toEqual(appModeArgs(url, profileDir, ['--no-sandbox', '--lang=en']));
      expect(profileDir.startsWith(join(tmpdir(), 'uta-desk-browser-'))).toBe(true);
      expect((await stat(profileDir)).isDirectory()).toBe(true);

      let exited = false;
      void opened.exited.then(() => (exited = true));
      await opened.close();
      expect(exited).toBe(true);
      expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
      await expect(stat(profileDir)).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(opened.close()).resolves.toBeUndefined();
    },
  );

  it.skipIf(process.platform === 'win32')('resolves exited when the browser quits on its own', async () => {
    const fake = join(scratch, 'quick-browser');
    await writeFile(fake, '#!/bin/sh\nexit 0\n');
    await chmod(fake, 0o755);
    opened = await openInAppMode({ name: 'Quick', path: fake }, url, { env: {} });
    await opened.exited;
    await opened.close();
  });

  it.skipIf(process.platform === 'win32')(
    'resolves exited with the exit code and the browser’s last error line, launch code removed',
    async () => {
      const fake = join(scratch, 'failing-browser');
      await writeFile(
        fake,
        `#!/bin/sh\necho "/usr/bin/chromium: 9: [: 1: unexpected operator" >&2\necho "[1:1:1126/120353.4:ERROR:x.cc:1] Cannot open $1 here." >&2\nexit 3\n`,
      );
      await chmod(fake, 0o755);
      opened = await openInAppMode({ name: 'Failing', path: fake }, url, { env: {} });
      const exit = await opened.exited;
      expect(exit.code).toBe(3);
      expect(exit.lastError).toBe('Cannot open --app=http://127.0.0.1:1/?launch=… here.');
      expect(JSON.stringify(exit)).not.toContain(SECRET);
    },
  );

  it('rejects for a browser that does not exist, without the URL and without leaving a profile', async () => {
    const before = await profileDirs();
    const missing = join(scratch, 'no-such-browser');
    const error = await openInAppMode({ name: 'Missing', path: missing }, url, { env: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const { message, cause } = error as Error;
    expect(message).toContain('Missing');
    expect(message).toContain('ENOENT');
    expect(message).not.toContain(SECRET);
    expect(cause).toBeUndefined();
    expect(JSON.stringify(error)).not.toContain(SECRET);
    expect(await profileDirs()).toEqual(before);
  });
});

describe('lastBrowserError', () => {
  it('takes the message of the last ERROR or FATAL line, without Chromium’s log prefix', () => {
    const stderr = [
      '/usr/bin/chromium: 9: [: 25276063744: unexpected operator',
      '[9663:9663:1126/120353.482085:ERROR:content/browser/zygote_host/zygote_host_impl_linux.cc:101] Running as root without --no-sandbox is not supported. See https://crbug.com/638180.',
      '',
    ].join('\n');
    expect(lastBrowserError(stderr)).toBe(
      'Running as root without --no-sandbox is not supported. See https://crbug.com/638180.',
    );
    expect(lastBrowserError('[1:2:3/4.5:ERROR:a.cc:1] first\n[1:2:3/4.5:FATAL:b.cc:2] second\n')).toBe('second');
    expect(lastBrowserError('[1:2:3/4.5:ERROR:a.cc:1] The platform failed to initialize.  Exiting.')).toBe(
      'The platform failed to initialize. Exiting.',
    );
  });

  it('is undefined when the browser printed no error line', () => {
    expect(lastBrowserError('')).toBeUndefined();
    expect(lastBrowserError('[1:2:3/4.5:WARNING:a.cc:1] only a warning\n')).toBeUndefined();
  });

  it('bounds the message', () => {
    expect(lastBrowserError(`[1:2:3/4.5:ERROR:a.cc:1] ${'x'.repeat(1000)}`)?.length).toBeLessThanOrEqual(200);
  });
});

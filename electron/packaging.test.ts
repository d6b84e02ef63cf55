/**
 * What the packages promise, checked without building them: electron-builder's configuration
 * against its own schema (no installer can be built here: no Electron binary), what the npm
 * package carries, and that every install script in the lock file has been reviewed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '..');
const readJson = (file: string) => JSON.parse(readFileSync(resolve(root, file), 'utf8'));
const builder = readJson('electron-builder.json');
const pkg = readJson('package.json');

/** electron-builder's own check of a configuration (what `electron-builder` runs before building). */
async function validateBuilderConfig(config: unknown): Promise<void> {
  const { validateConfiguration } = createRequire(__filename)('app-builder-lib/out/util/config/config') as {
    validateConfiguration(config: unknown, log: { isEnabled: boolean; add(): void }): Promise<void>;
  };
  await validateConfiguration(config, { isEnabled: false, add: () => undefined });
}

describe('electron-builder configuration', () => {
  it("is valid by electron-builder's own schema, and the schema check does catch a wrong option", async () => {
    await expect(validateBuilderConfig(builder)).resolves.toBeUndefined();
    await expect(validateBuilderConfig({ ...builder, asr: true })).rejects.toThrow(/unknown property 'asr'/);
  });

  it('builds AppImage, deb, dmg and nsis, each by its own dist script', () => {
    expect(builder.linux.target).toEqual(['AppImage', 'deb']);
    expect(builder.mac.target).toEqual(['dmg']);
    expect(builder.win.target).toEqual(['nsis']);
    expect(pkg.scripts['dist:linux']).toMatch(/electron-builder --linux AppImage deb$/);
    expect(pkg.scripts['dist:mac']).toMatch(/electron-builder --mac dmg$/);
    expect(pkg.scripts['dist:win']).toMatch(/electron-builder --win nsis$/);
  });

  it('hardens the Electron fuses and packs the app in an ASAR', () => {
    expect(builder.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(builder.asar).toBe(true);
  });

  it('packages the built output only, with Electron itself only at build time', () => {
    expect(builder.files.filter((f: string) => !f.startsWith('!'))).toEqual(['out/**', 'package.json']);
    expect(builder.files).toContain('!**/*.map');
    expect(pkg.main).toBe('out/main/main.js');
    expect(pkg.devDependencies.electron).toBeDefined();
  });
});

describe('the npm package', () => {
  it('has no runtime dependencies: the build carries its libraries, so nothing installed needs a devDependency', () => {
    expect(pkg.dependencies ?? {}).toEqual({});
  });

  it('lists only what runs: the build, bin/, the README and the licence', () => {
    expect(pkg.files).toEqual([
      'out/main/',
      'out/preload/',
      'out/renderer/',
      '!out/**/*.map',
      'bin/',
      'LICENSE',
      'README.md',
    ]);
    expect(pkg.bin).toEqual({ 'uta-desk': 'bin/uta-desk.mjs' });
  });
});

/** Packages of the lock file that run a script when installed. */
function packagesWithInstallScripts(lock: {
  packages: Record<string, { version?: string; hasInstallScript?: boolean }>;
}) {
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path && entry.hasInstallScript)
    .map(([path, entry]) => ({
      name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length),
      version: entry.version,
    }));
}

/** npm's rule: an entry names a package (any version) or `name@version`. */
function covered(allowScripts: Record<string, boolean>, name: string, version: string | undefined): boolean {
  return name in allowScripts || (version !== undefined && `${name}@${version}` in allowScripts);
}

describe('install scripts', () => {
  it('every package of the lock file with an install script is approved or denied in allowScripts', () => {
    const found = packagesWithInstallScripts(readJson('package-lock.json'));
    expect(found.length).toBeGreaterThan(0);
    const unreviewed = found.filter((p) => !covered(pkg.allowScripts, p.name, p.version));
    expect(unreviewed).toEqual([]);
  });

  it('finds a package that is not covered', () => {
    const lock = {
      packages: { '': {}, 'node_modules/a/node_modules/native-thing': { version: '1.0.0', hasInstallScript: true } },
    };
    const p = packagesWithInstallScripts(lock)[0]!;
    expect(p).toEqual({ name: 'native-thing', version: '1.0.0' });
    expect(covered({ esbuild: true }, p.name, p.version)).toBe(false);
    expect(covered({ 'native-thing@1.0.0': false }, p.name, p.version)).toBe(true);
  });
});

describe('the release workflow', () => {
  const workflow = readFileSync(resolve(root, '.github/workflows/release.yml'), 'utf8');

  it('builds each desktop installer on its own OS with its dist script, and the server bundle', () => {
    for (const [os, script] of [
      ['ubuntu', 'dist:linux'],
      ['macos', 'dist:mac'],
      ['windows', 'dist:win'],
    ] as const) {
      expect(workflow).toMatch(new RegExp(`- os: ${os}-[\\d.]+\\n\\s+dist: ${script}\\n`));
      expect(pkg.scripts[script]).toBeDefined();
    }
    expect(workflow).toMatch(/run: npm run dist:server/);
    expect(workflow).toMatch(/run: npm ci/);
  });

  it('runs the electron e2e project on the app it built', () => {
    expect(workflow).toMatch(/npx install-electron/);
    expect(workflow).toMatch(/npx playwright test --project=electron/);
  });
});

/** The installer configuration cannot be exercised here (no Electron binary); its promises can. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '..');
const builder = JSON.parse(readFileSync(resolve(root, 'electron-builder.json'), 'utf8'));
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));

describe('electron-builder configuration', () => {
  it('builds AppImage, deb, dmg and nsis from npm run dist', () => {
    expect(builder.linux.target).toEqual(['AppImage', 'deb']);
    expect(builder.mac.target).toEqual(['dmg']);
    expect(builder.win.target).toEqual(['nsis']);
    expect(pkg.scripts.dist).toMatch(/electron-builder --linux AppImage deb --mac dmg --win nsis/);
  });

  it('hardens the Electron fuses', () => {
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

  it('packages the built app and its runtime dependencies, with Electron itself only at build time', () => {
    expect(builder.files).toContain('out/**');
    expect(pkg.main).toBe('out/main/main.js');
    expect(pkg.devDependencies.electron).toBeDefined();
    expect(pkg.dependencies.electron).toBeUndefined();
    // main.ts leaves these to node_modules (externalized), so they must ship with the app.
    for (const dep of ['zod', 'decimal.js']) expect(pkg.dependencies[dep], dep).toBeDefined();
  });
});

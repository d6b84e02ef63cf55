import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearStamp, inputsHash, isCurrent, writeStamp } from './build-stamp.mjs';

let root: string;

function project(): string {
  root = mkdtempSync(join(tmpdir(), 'uta-desk-stamp-'));
  for (const dir of ['electron/core', 'shared', 'renderer', 'demo-exchange', 'scripts/build', 'out'])
    mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'package.json'), '{}');
  writeFileSync(join(root, 'electron/core/a.ts'), 'export const a = 1;');
  return root;
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build stamp', () => {
  it('is current after a build of the same sources, and stale after a source changes', () => {
    project();
    const out = join(root, 'out');
    const hash = inputsHash(root);
    expect(isCurrent(out, hash)).toBe(false);
    writeStamp(out, hash);
    expect(isCurrent(out, inputsHash(root))).toBe(true);
    writeFileSync(join(root, 'electron/core/a.ts'), 'export const a = 2;');
    expect(isCurrent(out, inputsHash(root))).toBe(false);
  });

  it('ignores tests and test helpers, which are never built', () => {
    project();
    const before = inputsHash(root);
    writeFileSync(join(root, 'electron/core/a.test.ts'), 'it();');
    mkdirSync(join(root, 'electron/core/testing'));
    writeFileSync(join(root, 'electron/core/testing/fake.ts'), '');
    expect(inputsHash(root)).toBe(before);
  });

  it('sees a renamed file and a changed lock file', () => {
    project();
    const before = inputsHash(root);
    cpSync(join(root, 'electron/core/a.ts'), join(root, 'electron/core/b.ts'));
    rmSync(join(root, 'electron/core/a.ts'));
    const renamed = inputsHash(root);
    expect(renamed).not.toBe(before);
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(inputsHash(root)).not.toBe(renamed);
  });

  it('is forgotten before a build, so a failed build is never taken for current', () => {
    project();
    const out = join(root, 'out');
    const hash = inputsHash(root);
    writeStamp(out, hash);
    clearStamp(out);
    expect(isCurrent(out, hash)).toBe(false);
  });
});

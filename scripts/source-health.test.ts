import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, importGraph, sharedNames, sourceFiles } from './source-health';

const REPO = resolve(__dirname, '..');
const ROOTS = ['shared', 'electron', 'renderer', 'demo-exchange', 'bench', 'e2e', 'scripts'];

describe('the source tree', () => {
  const files = sourceFiles(REPO, ROOTS);

  it('has no import circle (type-only imports count)', () => {
    expect(files.length).toBeGreaterThan(300);
    const cycles = importCycles(importGraph(REPO, files)).map((path) => path.join(' → '));
    expect(cycles).toEqual([]);
  });

  it('has no two source files of the same name', () => {
    const clashes = [...sharedNames(files)].map(([name, paths]) => `${name}: ${paths.join(', ')}`);
    expect(clashes).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const dir = mkdtempSync(join(tmpdir(), 'source-health-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };

  it('finds a circle through a type-only import, a re-export and an index file, and none in a chain', () => {
    write('a/service.ts', "import { steps } from './steps';\nexport const service = steps;\n");
    write('a/steps.ts', "import type { Client } from './service-types';\nexport const steps = 1;\n");
    write('a/service-types.ts', "export type { Client } from './index';\n");
    write('a/index.ts', "export { service } from './service';\nexport type Client = number;\n");
    write('b/one.ts', "import { two } from './two.js';\nexport const one = two;\n");
    write('b/two.ts', "export const two = await import('../c/three');\n");
    write('c/three.ts', 'export const three = 3;\n');
    write('c/self.ts', "export * from './self';\n");

    const files = sourceFiles(dir, ['a', 'b', 'c']);
    const cycles = importCycles(importGraph(dir, files));

    expect(cycles).toEqual([
      ['a/index.ts', 'a/service.ts', 'a/steps.ts', 'a/service-types.ts', 'a/index.ts'],
      ['c/self.ts', 'c/self.ts'],
    ]);
  });

  it('finds source files of the same name, and leaves tests out', () => {
    write('n/x/follow.ts', '');
    write('n/y/follow.ts', '');
    write('n/x/plan.test.ts', '');
    write('n/y/plan.test.ts', '');
    write('n/y/plan.ts', '');

    const clashes = sharedNames(sourceFiles(dir, ['n']));

    expect([...clashes]).toEqual([['follow.ts', ['n/x/follow.ts', 'n/y/follow.ts']]]);
  });
});

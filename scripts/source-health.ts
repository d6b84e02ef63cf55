/**
 * Two checks over the source tree that no linter here makes (the unit suite runs them, so CI does):
 * no import circle between modules, type-only imports included (a circle makes load order decide
 * what is defined, and says two modules are one responsibility cut in the wrong place); and no two
 * source files with the same name, so "follow.ts" in a stack trace, a review or a search names one file.
 *
 * Imports are read with the TypeScript compiler's pre-processor (static, type-only, re-exports and
 * dynamic imports alike); only relative specifiers are followed, as the project uses no path aliases.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|cts|mjs|cjs|js)$/;
const TEST = /\.(test|spec)\.[cm]?[jt]sx?$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'playwright-report', 'screenshots']);
const RESOLVE_EXTS = ['.ts', '.tsx', '.mts', '.cts', '.mjs', '.cjs', '.js'];

/** Every source file under the roots (paths relative to base, with '/'), build outputs left out. */
export function sourceFiles(base: string, roots: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (SKIPPED_DIRS.has(entry.name) || /^(out|test-results)(-|$)/.test(entry.name)) continue;
        walk(join(dir, entry.name));
      } else if (entry.isFile() && SOURCE.test(entry.name)) {
        out.push(relative(base, join(dir, entry.name)).split('\\').join('/'));
      }
    }
  };
  for (const root of roots) if (existsSync(join(base, root))) walk(join(base, root));
  return out.sort();
}

/** The file a relative specifier names, as the bundler and tsc resolve it; undefined if none. */
function resolveImport(base: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = resolve(base, dirname(from), specifier.replace(/\?.*$/, ''));
  const stem = target.replace(/\.[cm]?js$/, '');
  const candidates = [
    target,
    ...RESOLVE_EXTS.map((e) => stem + e),
    ...RESOLVE_EXTS.map((e) => join(target, `index${e}`)),
  ];
  const found = candidates.find((c) => SOURCE.test(c) && existsSync(c) && statSync(c).isFile());
  return found && relative(base, found).split('\\').join('/');
}

/** Each file's imports of other files of the set (type-only, re-exports and dynamic imports too). */
export function importGraph(base: string, files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(join(base, file), 'utf8'), true, true);
    const targets = new Set<string>();
    for (const ref of info.importedFiles) {
      const target = resolveImport(base, file, ref.fileName);
      if (target && known.has(target)) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * The import circles: one per group of files that reach each other (Tarjan's strongly connected
 * components), each given as one concrete path from a file back to itself.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) groups.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return groups.map((group) => pathBack(graph, group));
}

/** The shortest path from the group's first file back to itself, inside the group. */
function pathBack(graph: ReadonlyMap<string, readonly string[]>, group: readonly string[]): string[] {
  const members = new Set(group);
  const start = group[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let at = v; at !== start; at = cameFrom.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...group, start];
}

/** Non-test source files that share their file name with another, by name. */
export function sharedNames(files: readonly string[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    if (TEST.test(file)) continue;
    const name = basename(file);
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return new Map([...byName].filter(([, paths]) => paths.length > 1));
}

/**
 * A build plugin that writes THIRD-PARTY-NOTICES.txt next to each bundle: the name, version, licence
 * and licence text of every npm package whose code the bundle carries. The app ships its libraries
 * inside its bundles (no node_modules at run time), so their notices must travel with the bundles.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export const NOTICES_FILE = 'THIRD-PARTY-NOTICES.txt';

interface PackageNotice {
  name: string;
  version: string;
  license: string;
  text: string;
}

/** The package folder holding a bundled module: the last `node_modules/<name>` (or `@scope/name`) of its path. */
export function packageDirOf(moduleId: string): string | undefined {
  // Vite names modules with '/', on Windows too; a virtual module starts with NUL.
  const path = (moduleId.replace(/^\0/, '').split('?')[0] ?? '').replaceAll('\\', '/');
  const marker = '/node_modules/';
  const at = path.lastIndexOf(marker);
  if (at < 0) return undefined;
  const rest = path.slice(at + marker.length).split('/');
  const depth = rest[0]?.startsWith('@') ? 2 : 1;
  if (rest.length <= depth) return undefined;
  return path.slice(0, at + marker.length) + rest.slice(0, depth).join('/');
}

function noticeOf(dir: string): PackageNotice | undefined {
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) return undefined;
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string; license?: unknown };
  const licenceFile = readdirSync(dir).find((f) => /^(licen[cs]e|copying|notice)(\.|-|$)/i.test(f));
  return {
    name: pkg.name ?? dir.split('/').pop() ?? dir,
    version: pkg.version ?? '',
    license: typeof pkg.license === 'string' ? pkg.license : 'see its package',
    text: licenceFile ? readFileSync(join(dir, licenceFile), 'utf8').trim() : '(the package ships no licence file)',
  };
}

export function noticesText(notices: readonly PackageNotice[]): string {
  const header =
    'UTA Desk includes the following third-party software. Each is used under the licence given with it.\n';
  const blocks = notices.map(
    (n) => `${'='.repeat(72)}\n${n.name} ${n.version} (${n.license})\n${'-'.repeat(72)}\n${n.text}\n`,
  );
  return [header, ...blocks].join('\n');
}

export function thirdPartyNotices(): Plugin {
  return {
    name: 'uta-desk-third-party-notices',
    apply: 'build',
    generateBundle(_options, bundle) {
      const dirs = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const dir = packageDirOf(id);
          if (dir) dirs.add(dir);
        }
      }
      const notices = [...dirs]
        .map(noticeOf)
        .filter((n): n is PackageNotice => n !== undefined)
        .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
      // A package found twice at one version (nested copies) is one notice.
      const unique = notices.filter((n, i) => n.name !== notices[i - 1]?.name || n.version !== notices[i - 1]?.version);
      this.emitFile({ type: 'asset', fileName: NOTICES_FILE, source: noticesText(unique) });
    },
  };
}

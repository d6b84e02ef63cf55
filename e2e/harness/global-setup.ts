import { existsSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { electronBinary } from '../../scripts/electron-binary.cjs';
import { PRELOAD_FILE, RENDERER_DIR } from './paths';

export default function globalSetup(config: FullConfig): void {
  for (const f of [`${RENDERER_DIR}/index.html`, PRELOAD_FILE]) {
    if (!existsSync(f)) throw new Error(`${f} is missing: run \`npm run build\` before the e2e suite (npm test does).`);
  }
  if (config.projects.some((p) => p.name === 'electron') && !electronBinary()) {
    console.log(
      'e2e: project "electron" is skipped: the Electron binary is not installed here; it runs wherever `npm install` could download Electron.',
    );
  }
}

import { existsSync } from 'node:fs';
import { RENDERER_DIR, PRELOAD_FILE } from './paths';

export default function globalSetup(): void {
  for (const f of [`${RENDERER_DIR}/index.html`, PRELOAD_FILE]) {
    if (!existsSync(f)) throw new Error(`${f} is missing: run \`npm run build\` before the e2e suite (npm test does).`);
  }
}

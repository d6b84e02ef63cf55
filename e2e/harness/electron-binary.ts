import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Path of the Electron binary when the npm package managed to download it; undefined otherwise. */
export function electronBinary(): string | undefined {
  try {
    const path = createRequire(__filename)('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

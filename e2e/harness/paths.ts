import { resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');
/** The build the suite runs against: `out/`, or UTA_DESK_OUT as given to the build. */
const OUT = resolve(ROOT, process.env.UTA_DESK_OUT ?? 'out');
export const RENDERER_DIR = resolve(OUT, 'renderer');
export const PRELOAD_FILE = resolve(OUT, 'preload/preload.cjs');
export const MAIN_FILE = resolve(OUT, 'main/main.js');
export const SCREENSHOT_DIR = resolve(ROOT, 'e2e/screenshots');

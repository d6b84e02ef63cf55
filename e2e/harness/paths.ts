import { resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');
export const RENDERER_DIR = resolve(ROOT, 'out/renderer');
export const PRELOAD_FILE = resolve(ROOT, 'out/preload/preload.cjs');
export const MAIN_FILE = resolve(ROOT, 'out/main/main.js');
export const SCREENSHOT_DIR = resolve(ROOT, 'e2e/screenshots');

export const STAMP_FILE: string;
export function inputsHash(root: string): string;
export function isCurrent(outDir: string, hash: string): boolean;
export function clearStamp(outDir: string): void;
export function writeStamp(outDir: string, hash: string): void;

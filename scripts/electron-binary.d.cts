/** The Electron binary's path, or undefined where it is not installed (never downloads it). */
export function electronBinary(): string | undefined;

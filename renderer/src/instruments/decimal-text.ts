/** Moved to shared/ (the CLI formats instrument values the same way); kept for the renderer's imports. */
export * from '../../../shared/decimal-text';

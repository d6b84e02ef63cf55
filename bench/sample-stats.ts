/** Medians, percentiles and spreads of a bench's samples (the middle sample: no interpolation). */

export function percentile(values: readonly number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? NaN;
}

export function stats(values: readonly number[]): { median: number; min: number; max: number } {
  const s = [...values].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)] ?? NaN, min: s[0] ?? NaN, max: s[s.length - 1] ?? NaN };
}

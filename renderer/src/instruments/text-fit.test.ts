import { describe, expect, it } from 'vitest';
import { maxTextWidth } from './text-fit';

describe('maxTextWidth', () => {
  it('bounds monospace text at 0.62 em a character', () => {
    expect(maxTextWidth('0.000001', 11.5, 'mono')).toBeCloseTo(8 * 0.62 * 11.5);
    expect(maxTextWidth('', 11.5, 'mono')).toBe(0);
  });
  it('bounds proportional text per character class', () => {
    // Lower case and digits 0.65 em, capitals 0.8 em, M W m w @ % & a full em.
    expect(maxTextWidth('usdt', 12, 'sans')).toBeCloseTo(4 * 0.65 * 12);
    expect(maxTextWidth('USDT', 12, 'sans')).toBeCloseTo(4 * 0.8 * 12);
    expect(maxTextWidth('MW', 12, 'sans')).toBeCloseTo(2 * 12);
    expect(maxTextWidth('USDT', 12, 'sans', true)).toBeCloseTo(4 * 0.8 * 12 * 1.1);
  });
  it('counts characters, not UTF-16 units, at 1.3 em outside ASCII', () => {
    expect(maxTextWidth('😀', 12, 'sans')).toBeCloseTo(1.3 * 12);
    expect(maxTextWidth('币安', 12, 'mono')).toBeCloseTo(2 * 1.3 * 12);
  });
});

import { describe, expect, it } from 'vitest';
import { alignedLength, figuresOfTexts, figuresWidthChars, numberPadding, numberShape } from './number-align';

describe('numberShape', () => {
  it('splits a displayed number around its point', () => {
    expect(numberShape('277,777,777,777')).toEqual({ head: 15, frac: 0, tail: 0, word: false });
    expect(numberShape('0.000000001')).toEqual({ head: 1, frac: 10, tail: 0, word: false });
    expect(numberShape('-1,234.5')).toEqual({ head: 6, frac: 2, tail: 0, word: false });
    expect(numberShape('0.018 %')).toEqual({ head: 1, frac: 4, tail: 2, word: false });
    expect(numberShape('5 %')).toEqual({ head: 1, frac: 0, tail: 2, word: false });
  });
  it('takes words and dashes as words', () => {
    for (const t of ['—', 'no limit', '', '-', '.', 'abc']) expect(numberShape(t)).toMatchObject({ word: true });
  });
});

describe('aligning a column on the point', () => {
  const column = ['277,777,777,777', '0.000001', '5', '1,200.5', 'no limit', '—'];
  const figures = figuresOfTexts(column);

  it('counts the widest head, fraction, tail and word', () => {
    expect(figures).toEqual({ head: 15, frac: 7, tail: 0, word: 8 });
    expect(figuresWidthChars(figures)).toBe(22);
  });

  it('puts every point the same number of characters from the right edge', () => {
    for (const t of column.filter((t) => !numberShape(t).word)) {
      const s = numberShape(t);
      const pad = numberPadding(s, figures);
      expect(s.frac + pad.frac + s.tail + pad.tail, t).toBe(figures.frac + figures.tail);
    }
  });

  it('ends a word where the integer digits end, and never needs more room than the column has', () => {
    expect(numberPadding(numberShape('—'), figures)).toEqual({ frac: 0, tail: 7 });
    for (const t of column) expect(alignedLength(t, figures)).toBeLessThanOrEqual(figuresWidthChars(figures));
  });

  it('lines up percentages and their signs', () => {
    const fees = figuresOfTexts(['0.04 %', '0.018 %', '0.5 %', '1 %']);
    expect(fees).toEqual({ head: 1, frac: 4, tail: 2, word: 0 });
    expect(numberPadding(numberShape('1 %'), fees)).toEqual({ frac: 4, tail: 0 });
    expect(numberPadding(numberShape('0.5 %'), fees)).toEqual({ frac: 2, tail: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { priceBand, priceBandWarning } from './price-band';

const BAND = { buyLimitPriceRatio: '0.05', sellLimitPriceRatio: '0.05' };

describe('priceBandWarning', () => {
  it('warns for a buy above market × (1 + buyLimitPriceRatio), with the formula and the values', () => {
    // 60000.0 × 1.05 = 63000: the edge itself is inside the band.
    expect(priceBandWarning('buy', '63000.0', '60000.0', BAND)).toBeUndefined();
    const w = priceBandWarning('buy', '63000.1', '60000.0', BAND);
    expect(w).toEqual({
      rule: 'price-band',
      field: 'price',
      severity: 'warning',
      formula: '60000.0 × (1 + 0.05) = 63000',
      limit: '63000',
      ratio: '0.05',
      marketPrice: '60000.0',
      message:
        "The new price 63000.1 is above the exchange's band for buys: market × (1 + buyLimitPriceRatio) = 60000.0 × (1 + 0.05) = 63000. The exchange may refuse it.",
    });
  });

  it('warns for a sell below market × (1 − sellLimitPriceRatio)', () => {
    // 60000.0 × 0.95 = 57000
    expect(priceBandWarning('sell', '57000.0', '60000.0', BAND)).toBeUndefined();
    const w = priceBandWarning('sell', '56999.9', '60000.0', { sellLimitPriceRatio: '0.05' });
    expect(w?.formula).toBe('60000.0 × (1 − 0.05) = 57000');
    expect(w?.message).toMatch(
      /^The new price 56999.9 is below the exchange's band for sells: market × \(1 − sellLimitPriceRatio\)/,
    );
  });

  it('does not warn on the side away from the band', () => {
    expect(priceBandWarning('buy', '1', '60000.0', BAND)).toBeUndefined();
    expect(priceBandWarning('sell', '1000000', '60000.0', BAND)).toBeUndefined();
  });

  it('computes the edge exactly', () => {
    // 0.1 × 1.02 = 0.102 exactly (a float says 0.10200000000000001).
    expect(priceBandWarning('buy', '0.102', '0.1', { buyLimitPriceRatio: '0.02' })).toBeUndefined();
    expect(priceBandWarning('buy', '0.10201', '0.1', { buyLimitPriceRatio: '0.02' })?.limit).toBe('0.102');
  });

  it('has nothing to say without a band, a market price or a side', () => {
    expect(priceBandWarning('buy', '99999', '60000', {})).toBeUndefined();
    expect(priceBandWarning('buy', '99999', '60000', { buyLimitPriceRatio: '' })).toBeUndefined();
    expect(priceBandWarning('buy', '99999', '60000', { buyLimitPriceRatio: '0' })).toBeUndefined();
    expect(priceBandWarning('sell', '1', '60000', { buyLimitPriceRatio: '0.05' })).toBeUndefined();
    expect(priceBandWarning('buy', '99999', '', BAND)).toBeUndefined();
    expect(priceBandWarning('buy', '99999', '0', BAND)).toBeUndefined();
    expect(priceBandWarning(undefined, '99999', '60000', BAND)).toBeUndefined();
    expect(priceBandWarning('buy', 'abc', '60000', BAND)).toBeUndefined();
  });
});

describe('priceBand', () => {
  it('gives the edge and its formula whatever the price', () => {
    expect(priceBand('buy', '60000.0', BAND)).toEqual({
      side: 'buy',
      ratioName: 'buyLimitPriceRatio',
      ratio: '0.05',
      marketPrice: '60000.0',
      limit: '63000',
      formula: '60000.0 × (1 + 0.05) = 63000',
    });
    expect(priceBand('sell', '60000.0', BAND)?.formula).toBe('60000.0 × (1 − 0.05) = 57000');
  });

  it('is undefined without a ratio, a market price or a side', () => {
    expect(priceBand('buy', '60000', { sellLimitPriceRatio: '0.05' })).toBeUndefined();
    expect(priceBand('sell', '60000', { sellLimitPriceRatio: '0' })).toBeUndefined();
    expect(priceBand('buy', '', BAND)).toBeUndefined();
    expect(priceBand(undefined, '60000', BAND)).toBeUndefined();
  });
});

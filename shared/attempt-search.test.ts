import { describe, expect, it } from 'vitest';
import { activityMatches, searchText } from './attempt-search';
import { appliedAttempt } from './testing/sample-attempts';

const a = appliedAttempt;

describe('activity search', () => {
  it('filters by text (case-insensitive, over order, symbol, change, summary, profile) and outcome', () => {
    expect(activityMatches(a, { text: 'BTC-OPEN' })).toBe(true);
    expect(activityMatches(a, { text: 'btcusdt', status: 'applied' })).toBe(true);
    expect(activityMatches(a, { text: 'local demo' })).toBe(true);
    expect(activityMatches({ ...a, summary: 'Applied.' }, { text: 'price 60000.0 → 60010.0' })).toBe(true);
    expect(activityMatches(a, { text: 'sol' })).toBe(false);
    expect(activityMatches(a, { text: '', status: 'cancelled' })).toBe(false);
  });

  it('searches one text, lowercased, which the team store keeps as search_text', () => {
    const text = searchText(a);
    expect(text).toBe(text.toLowerCase());
    expect(text).toContain('1 (demo-btc-open)');
    expect(text).toContain('btcusdt · usdt-futures');
    expect(text).toContain('applied: price 60000.0 → 60010.0.');
    for (const words of ['demo-btc-open', 'local demo', 'applied', 'sol'])
      expect(activityMatches(a, { text: words })).toBe(text.includes(words));
  });
});

import { describe, expect, it } from 'vitest';
import { changeParts, changeText } from './change-text';

describe('the words of a change', () => {
  it('writes old → new for each side that changes, price first', () => {
    const before = { price: '60000.0', qty: '0.0100' };
    expect(changeText({ price: '60010.0' }, before)).toBe('price 60000.0 → 60010.0');
    expect(changeText({ qty: '0.0200' }, before)).toBe('qty 0.0100 → 0.0200');
    expect(changeText({ qty: '0.0300', price: '60020.0' }, before)).toBe(
      'price 60000.0 → 60020.0, qty 0.0100 → 0.0300',
    );
    expect(changeParts({ qty: '0.0300', price: '60020.0' }, before)).toEqual([
      'price 60000.0 → 60020.0',
      'qty 0.0100 → 0.0300',
    ]);
  });

  it('says the old side is not known, in words, when the order was not loaded', () => {
    expect(changeText({ price: '60010.0' }, undefined)).toBe('price → 60010.0 (previous not known)');
    expect(changeParts({ price: '1', qty: '3' }, undefined)).toEqual([
      'price → 1 (previous not known)',
      'qty → 3 (previous not known)',
    ]);
    // A snapshot without the side (never expected, but possible on the wire) reads the same way.
    expect(changeText({ qty: '2' }, { price: '1' })).toBe('qty → 2 (previous not known)');
    expect(changeText({ price: '1', qty: '3' }, undefined)).not.toContain('?');
  });

  it('takes the new side from the order after the change when known', () => {
    expect(changeText({ price: '60010' }, { price: '60000.0' }, { price: '60010.0' })).toBe('price 60000.0 → 60010.0');
  });

  it('is empty when nothing changes', () => {
    expect(changeParts({}, { price: '1' })).toEqual([]);
    expect(changeText({}, { price: '1' })).toBe('');
  });
});

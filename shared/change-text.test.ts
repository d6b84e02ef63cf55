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

  it('writes ? for the old side when the order was not loaded', () => {
    expect(changeText({ price: '1', qty: '3' }, undefined)).toBe('price ? → 1, qty ? → 3');
  });

  it('takes the new side from the order after the change when known', () => {
    expect(changeText({ price: '60010' }, { price: '60000.0' }, { price: '60010.0' })).toBe('price 60000.0 → 60010.0');
  });

  it('is empty when nothing changes', () => {
    expect(changeParts({}, { price: '1' })).toEqual([]);
    expect(changeText({}, { price: '1' })).toBe('');
  });
});

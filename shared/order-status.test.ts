import { describe, expect, it } from 'vitest';
import { orderStatusDescription, orderStatusLabel, orderStatusTone } from './order-status';

describe('order status words', () => {
  it('says every status of the specification in words, with the code in the description', () => {
    expect(orderStatusLabel('partially_filled')).toBe('Partly filled');
    expect(orderStatusLabel('live')).toBe('Open');
    expect(orderStatusLabel('new')).toBe('Accepted');
    expect(orderStatusDescription('partially_filled')).toBe(
      'Partly filled: on the book, part of it filled (exchange code: partially_filled)',
    );
    expect(orderStatusTone('filled')).toBe('ok');
    expect(orderStatusTone('cancelled')).toBe('danger');
  });

  it('keeps an unknown status as sent, including one named like an Object.prototype member', () => {
    for (const status of ['constructor', 'toString', '__proto__']) {
      expect(orderStatusLabel(status)).toBe(status);
      expect(orderStatusTone(status)).toBe('neutral');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_BADGES } from './status-display';

describe('order status badges', () => {
  it('have no badge for a status named like an Object.prototype member', () => {
    for (const status of ['constructor', 'toString', '__proto__']) expect(ORDER_STATUS_BADGES[status]).toBeUndefined();
    expect(ORDER_STATUS_BADGES.filled).toBe('badge-ok');
  });
});

import { describe, expect, it } from 'vitest';
import type { RuleIssue } from '../../../shared/amend-rules';
import { EMPTY_DRAFT } from './amend-store';
import { loadBlockedReason, sendBlockedReason, type SendState } from './blocked-reasons';

const ready: SendState = { sending: false, guard: { state: 'free' }, report: { ok: true, errors: [] }, reviewed: true };
const priceError: RuleIssue = {
  rule: 'price-precision',
  field: 'price',
  severity: 'error',
  message: 'Price allows at most 1 decimal place',
};

describe('why Send is disabled', () => {
  it('is not disabled for a reviewed change that passes the rules on a free order', () => {
    expect(sendBlockedReason(ready)).toBeNull();
  });

  it('shows main’s reason for a guarded order, whatever the guard', () => {
    for (const state of ['in-flight', 'locked', 'unknown'] as const) {
      expect(sendBlockedReason({ ...ready, guard: { state, reason: `main says ${state}` } })).toBe(
        `main says ${state}`,
      );
    }
    expect(sendBlockedReason({ ...ready, guard: { state: 'locked' } })).toBe('This order cannot be modified now.');
  });

  it('names the first broken rule, then asks for a review', () => {
    expect(sendBlockedReason({ ...ready, report: { ok: false, errors: [priceError] } })).toBe(
      'Price allows at most 1 decimal place',
    );
    expect(sendBlockedReason({ ...ready, report: { ok: false, errors: [] } })).toBe('Fix the problems above first.');
    expect(sendBlockedReason({ ...ready, reviewed: false })).toBe('Review the change first.');
  });

  it('says what is in the way first: a send on its way, then the guard, the rules, the review', () => {
    const all: SendState = {
      sending: true,
      guard: { state: 'in-flight', reason: 'in progress' },
      report: { ok: false, errors: [priceError] },
      reviewed: false,
    };
    expect(sendBlockedReason(all)).toBe('Sending…');
    expect(sendBlockedReason({ ...all, sending: false })).toBe('in progress');
    expect(sendBlockedReason({ ...all, sending: false, guard: { state: 'free' } })).toBe(priceError.message);
  });
});

describe('why Load order is disabled', () => {
  it('needs either identifier', () => {
    expect(loadBlockedReason(EMPTY_DRAFT)).toBe('Give an Order ID or a Client order ID.');
    expect(loadBlockedReason({ ...EMPTY_DRAFT, orderId: '  ' })).toBe('Give an Order ID or a Client order ID.');
    expect(loadBlockedReason({ ...EMPTY_DRAFT, clientOid: 'x' })).toBeNull();
    expect(loadBlockedReason({ ...EMPTY_DRAFT, orderId: '1' })).toBeNull();
  });
});

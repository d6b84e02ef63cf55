import { describe, expect, it } from 'vitest';
import type { RuleIssue } from '../../../shared/amend-draft';
import { EMPTY_DRAFT } from './amend-store';
import {
  loadBlockedReason,
  NEXT_STEP,
  READY_TO_SEND,
  sendBlockedReason,
  sendHint,
  type SendState,
} from './blocked-reasons';

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

const changeRequired: RuleIssue = {
  rule: 'change-required',
  field: 'qty',
  severity: 'error',
  message: 'Give a new quantity or a new price (or both)',
};
const filled: RuleIssue = {
  rule: 'order-filled',
  field: 'order',
  severity: 'error',
  message: 'The order is completely filled and can no longer be modified',
};

describe('the hint under Send', () => {
  it('names what is wrong with the order before what the fields lack', () => {
    const report = { ok: false, errors: [changeRequired, filled] };
    expect(sendBlockedReason({ ...ready, report })).toBe(filled.message);
    expect(sendHint({ ...ready, report, showRequired: false })).toEqual({ text: filled.message, tone: 'blocked' });
  });

  it('is a next step, not a warning, while only a change is missing and no review was asked (after an outcome)', () => {
    const report = { ok: false, errors: [changeRequired] };
    expect(sendHint({ ...ready, report, reviewed: false, showRequired: false })).toEqual({
      text: NEXT_STEP,
      tone: 'next',
    });
    expect(sendHint({ ...ready, report, reviewed: false, showRequired: true })).toEqual({
      text: changeRequired.message,
      tone: 'blocked',
    });
  });

  it('asks for a review as a next step, warns about broken rules and guards, and says when Send is ready', () => {
    expect(sendHint({ ...ready, reviewed: false, showRequired: false })).toEqual({
      text: 'Review the change first.',
      tone: 'next',
    });
    expect(sendHint({ ...ready, report: { ok: false, errors: [priceError] }, showRequired: false }).tone).toBe(
      'blocked',
    );
    expect(sendHint({ ...ready, guard: { state: 'unknown', reason: 'unknown' }, showRequired: false })).toEqual({
      text: 'unknown',
      tone: 'blocked',
    });
    expect(sendHint({ ...ready, showRequired: false })).toEqual({ text: READY_TO_SEND, tone: 'ready' });
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

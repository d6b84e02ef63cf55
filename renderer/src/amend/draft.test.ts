import { describe, expect, it } from 'vitest';
import { checkAmend } from '../../../shared/amend-rules';
import type { AmendReport } from '../../../shared/amend-draft';
import type { Order } from '../../../shared/schemas';
import { draftKey, EMPTY_DRAFT } from './amend-store';
import { draftIds, isReviewed, namedOrderIds, ruleDraft, shownReport } from './draft';

const order: Order = {
  orderId: '1001',
  clientOid: 'demo-btc-open',
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  orderStatus: 'live',
};

describe('what the draft names', () => {
  it('trims identifiers and drops empty ones', () => {
    expect(draftIds({ ...EMPTY_DRAFT, orderId: ' 1001 ', clientOid: '  ' })).toEqual({
      orderId: '1001',
      clientOid: undefined,
    });
  });

  it('fills the identifier the draft leaves out from the loaded order', () => {
    expect(namedOrderIds({ ...EMPTY_DRAFT, clientOid: 'demo-btc-open' }, order)).toEqual({
      orderId: '1001',
      clientOid: 'demo-btc-open',
    });
    expect(namedOrderIds({ ...EMPTY_DRAFT, orderId: '7' }, undefined)).toEqual({ orderId: '7', clientOid: undefined });
  });
});

describe('the draft under the rules', () => {
  it('gives the rules an upper-case symbol, no empty category, and auto-cancel as yes/no', () => {
    expect(ruleDraft({ ...EMPTY_DRAFT, symbol: ' btcusdt ', autoCancel: true })).toMatchObject({
      symbol: 'BTCUSDT',
      category: undefined,
      autoCancel: 'yes',
    });
    expect(ruleDraft(EMPTY_DRAFT).autoCancel).toBe('no');
  });

  it('shows no warnings before anything is typed, and no "instrument unknown" while it is fetched', () => {
    const typed = { ...EMPTY_DRAFT, clientOid: 'x', price: '1' };
    const report = checkAmend(ruleDraft(typed), {});
    expect(report.warnings.map((w) => w.rule)).toContain('instrument-unknown');
    expect(shownReport(report, typed, false)).toBe(report);
    expect(shownReport(report, typed, true).warnings.map((w) => w.rule)).not.toContain('instrument-unknown');
    const empty = checkAmend(ruleDraft(EMPTY_DRAFT), {});
    expect(shownReport(empty, EMPTY_DRAFT, false).warnings).toEqual([]);
  });

  it('is reviewed only as it was when reviewed, and only while the rules pass', () => {
    const d = { ...EMPTY_DRAFT, clientOid: 'x', price: '1' };
    const ok = { ok: true } as AmendReport;
    expect(isReviewed(draftKey(d), d, ok)).toBe(true);
    expect(isReviewed(null, d, ok)).toBe(false);
    expect(isReviewed(draftKey(d), { ...d, price: '2' }, ok)).toBe(false);
    expect(isReviewed(draftKey(d), d, { ...ok, ok: false })).toBe(false);
  });
});

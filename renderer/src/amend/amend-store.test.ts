import { beforeEach, describe, expect, it } from 'vitest';
import { AMEND_START, EMPTY_DRAFT, useAmend } from './amend-store';
import { guardOf } from './known-guards';

beforeEach(() => useAmend.setState(AMEND_START));

describe('the desk state', () => {
  it('needs a new review after any edit', () => {
    const s = useAmend.getState();
    s.setField('price', '1');
    s.review(true);
    expect(useAmend.getState().reviewed).not.toBeNull();
    s.setField('price', '2');
    expect(useAmend.getState().reviewed).toBeNull();
  });

  it('shows required errors from the first review, and a send starts afresh', () => {
    const s = useAmend.getState();
    s.review(false);
    expect(useAmend.getState()).toMatchObject({ showRequired: true, reviewed: null });
    s.review(true);
    s.setAttempt('a1');
    expect(useAmend.getState()).toMatchObject({ attemptId: 'a1', showRequired: false, reviewed: null });
  });

  it('files main’s guards by order', () => {
    useAmend.getState().noteGuard({ orderId: '1001', clientOid: 'c' }, { state: 'locked', reason: 'cancelled' });
    expect(guardOf(useAmend.getState().guards, { clientOid: 'c' }).state).toBe('locked');
  });

  it('does not notify for the same status line again', () => {
    let notified = 0;
    const stop = useAmend.subscribe(() => notified++);
    useAmend.getState().say('Following: Accepted');
    useAmend.getState().say('Following: Accepted');
    stop();
    expect(notified).toBe(1);
    expect(useAmend.getState().notice).toBe('Following: Accepted');
  });

  it('keeps what kind of line the notice is, so the banner can look like it', () => {
    expect(useAmend.getState().noticeKind).toBe('ready');
    useAmend.getState().say('Applied: price 1 → 2', 'applied');
    expect(useAmend.getState()).toMatchObject({ notice: 'Applied: price 1 → 2', noticeKind: 'applied' });
    useAmend.getState().say('Loaded order x');
    expect(useAmend.getState().noticeKind).toBe('info');
  });

  it('takes a prefill from the instrument browser once, with a fresh draft', () => {
    const s = useAmend.getState();
    s.setField('price', '5');
    s.takePrefill(7, 'SPOT', 'SOLUSDT');
    expect(useAmend.getState().draft).toEqual({ ...EMPTY_DRAFT, category: 'SPOT', symbol: 'SOLUSDT' });
    s.setField('price', '6');
    s.takePrefill(7, 'SPOT', 'SOLUSDT');
    expect(useAmend.getState().draft.price).toBe('6');
  });
});

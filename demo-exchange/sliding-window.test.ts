import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from './sliding-window';

describe('SlidingWindowLimiter', () => {
  it('admits `limit` requests in any window, counting from each request rather than clock buckets', () => {
    let now = 10_900;
    const limiter = new SlidingWindowLimiter(3, 1000, () => now);
    expect([1, 2].map(() => limiter.tryAcquire('u'))).toEqual([true, true]);
    now = 10_950;
    expect([1, 2].map(() => limiter.tryAcquire('u'))).toEqual([true, false]);
    // A clock-aligned bucket would reset at 11_000; the sliding window does not.
    now = 11_050;
    expect(limiter.tryAcquire('u')).toBe(false);
    // One second after the first two, exactly their two slots free up.
    now = 11_900;
    expect([1, 2, 3].map(() => limiter.tryAcquire('u'))).toEqual([true, true, false]);
    now = 11_950;
    expect(limiter.tryAcquire('u')).toBe(true);
  });

  it('keeps keys independent and does not record refused requests', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(2, 1000, () => now);
    limiter.tryAcquire('a');
    limiter.tryAcquire('a');
    expect(limiter.tryAcquire('b')).toBe(true);
    now = 500;
    expect(limiter.tryAcquire('a')).toBe(false);
    now = 1001;
    // Refused attempts at 500 did not extend the window.
    expect(limiter.tryAcquire('a')).toBe(true);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useNow } from './useNow';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

describe('useNow', () => {
  it('starts at the current time and moves on every step, not in between', () => {
    const { result, unmount } = renderHook(() => useNow(1000));
    expect(result.current).toBe(1_000_000);
    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe(1_000_000);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(1_001_000);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

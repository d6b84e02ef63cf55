// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { deferredLocalStorage, flushDeferredStorage } from './deferred-storage';

interface Prefs {
  sorting: string[];
  sortBy(id: string): void;
}

const makeStore = () =>
  create<Prefs>()(
    persist((set) => ({ sorting: [], sortBy: (id) => set((s) => ({ sorting: [...s.sorting, id] })) }), {
      name: 'test.prefs',
      storage: deferredLocalStorage(),
      partialize: (s) => ({ sorting: s.sorting }),
    }),
  );

const stored = () => JSON.parse(localStorage.getItem('test.prefs') ?? 'null')?.state;

describe('layout preferences kept in localStorage after the frame', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    flushDeferredStorage();
    vi.useRealTimers();
  });

  it('does not write in the task that changed them, then writes the latest value once', () => {
    const store = makeStore();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    store.getState().sortBy('minOrderAmount');
    store.getState().sortBy('symbol');
    expect(setItem).not.toHaveBeenCalled();
    expect(stored()).toBeUndefined();
    vi.runAllTimers();
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(stored()).toEqual({ sorting: ['minOrderAmount', 'symbol'] });
    setItem.mockRestore();
  });

  it('writes at once when the page goes away (a reload, a closed window)', () => {
    const store = makeStore();
    store.getState().sortBy('maxOrderQty');
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toEqual({ sorting: ['maxOrderQty'] });
  });

  it('reads back what is still waiting to be written', async () => {
    const store = makeStore();
    store.getState().sortBy('symbol');
    const again = makeStore();
    await again.persist.rehydrate();
    expect(again.getState().sorting).toEqual(['symbol']);
    expect(store.getState().sorting).toEqual(['symbol']);
  });

  it('keeps the layout as set when the storage is full', () => {
    const store = makeStore();
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    store.getState().sortBy('symbol');
    expect(() => vi.runAllTimers()).not.toThrow();
    expect(store.getState().sorting).toEqual(['symbol']);
    setItem.mockRestore();
  });
});

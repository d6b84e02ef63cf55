import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequestGate } from './request-gate';

describe('createRequestGate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('bounds concurrency', async () => {
    const gate = createRequestGate({ concurrency: 2, perWindow: 100, windowMs: 1000, now: () => Date.now() });
    let active = 0;
    let peak = 0;
    const task = () =>
      new Promise<void>((resolve) => {
        active++;
        peak = Math.max(peak, active);
        setTimeout(() => {
          active--;
          resolve();
        }, 10);
      });
    const all = Promise.all(Array.from({ length: 5 }, () => gate.run(task)));
    await vi.runAllTimersAsync();
    await all;
    expect(peak).toBe(2);
  });

  it('starts at most perWindow tasks in any window', async () => {
    const gate = createRequestGate({ concurrency: 10, perWindow: 3, windowMs: 1000, now: () => Date.now() });
    const started: number[] = [];
    const t0 = Date.now();
    const all = Promise.all(
      Array.from({ length: 7 }, () =>
        gate.run(async () => {
          started.push(Date.now() - t0);
        }),
      ),
    );
    await vi.runAllTimersAsync();
    await all;
    expect(started).toEqual([0, 0, 0, 1000, 1000, 1000, 2000]);
  });

  it('passes results and errors through', async () => {
    const gate = createRequestGate({ concurrency: 1, perWindow: 10, windowMs: 1000 });
    await expect(gate.run(async () => 42)).resolves.toBe(42);
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(async () => 'after')).resolves.toBe('after');
  });
});

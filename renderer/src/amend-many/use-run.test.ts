import { describe, expect, it } from 'vitest';
import type { BatchRun } from '../../../shared/batch-run';
import { runIsActive } from './use-run';

describe('runIsActive', () => {
  const run = (over: Partial<BatchRun['counts']>, state: BatchRun['state'] = 'running'): BatchRun => ({
    id: 'r1',
    profileId: 'p',
    profileName: 'Main',
    environment: 'live',
    startedAt: 1,
    state,
    requests: 1,
    items: [],
    checked: 10,
    counts: {
      total: 10,
      queued: 0,
      inFlight: 0,
      applied: 0,
      refused: 0,
      failed: 0,
      unknown: 0,
      notSent: 0,
      excluded: 0,
      ...over,
    },
  });

  it('keeps reading a run while anything in it can change', () => {
    expect(runIsActive(run({ applied: 10 }, 'done'))).toBe(false);
    expect(runIsActive(run({ applied: 5, notSent: 5 }, 'stopped'))).toBe(false);
    expect(runIsActive(run({ inFlight: 2, notSent: 8 }, 'stopped'))).toBe(true);
    expect(runIsActive(run({ queued: 10 }, 'paused'))).toBe(true);
    expect(runIsActive(run({}, 'checking'))).toBe(true);
  });
});

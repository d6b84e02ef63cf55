import { describe, expect, it } from 'vitest';
import { STATUS_LABELS } from '../../../shared/attempt-search';
import type { Attempt } from '../../../shared/attempts';
import { appliedAttempt } from '../../../shared/testing/sample-attempts';
import { activityCsv } from './activity-rows';
import { runCountWords } from '../../../shared/activity-entries';
import { runBadge } from './run-groups';

const item = (id: string, index: number, over: Partial<Attempt> = {}): Attempt => ({
  ...appliedAttempt,
  id,
  startedAt: appliedAttempt.startedAt + index,
  finishedAt: appliedAttempt.startedAt + index + 500,
  run: { id: 'run-1', index, size: 3 },
  ...over,
});

describe('activity runs', () => {
  const single = { ...appliedAttempt, id: 'single' };

  it("says a run's counts most pressing first", () => {
    expect(runCountWords({ applied: 1, refused: 1, unknown: 1 }, STATUS_LABELS)).toBe(
      '1 unknown, 1 refused, 1 applied',
    );
  });

  it('gives a run told from its attempts the word and badge of a recorded one: green only when every item applied', () => {
    // The words themselves are shared/batch-run.ts's (its test); here, the badge each word gets.
    expect(runBadge(undefined, { counts: { applied: 1, refused: 2 }, size: 3 })).toEqual({
      label: 'Finished',
      badge: 'badge-warn',
    });
    expect(runBadge(undefined, { counts: { applied: 3 }, size: 3 })).toEqual({ label: 'Applied', badge: 'badge-ok' });
    expect(runBadge(undefined, { counts: { applied: 2 }, size: 3 }).label).toBe('Finished');
    expect(runBadge(undefined, { counts: { applied: 2, unknown: 1 }, size: 3 }).label).toBe('Unknown');
    expect(runBadge(undefined, { counts: { applied: 2, following: 1 }, size: 3 }).label).toBe('Running');
  });

  it('exports each item with its run id and place in the run', () => {
    const [head, first, second] = activityCsv([item('i0', 0), single]).split('\r\n');
    const columns = head?.split(',') ?? [];
    const at = (line: string | undefined, name: string) => line?.split(',')[columns.indexOf(name)];
    expect([at(first, 'attempt_id'), at(first, 'run_id'), at(first, 'run_item')]).toEqual(['i0', 'run-1', '1/3']);
    expect([at(second, 'attempt_id'), at(second, 'run_id'), at(second, 'run_item')]).toEqual(['single', '', '']);
  });
});

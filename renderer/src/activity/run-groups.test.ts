import { describe, expect, it } from 'vitest';
import { STATUS_LABELS } from '../../../shared/attempt-search';
import type { Attempt } from '../../../shared/attempts';
import { appliedAttempt } from '../../../shared/testing/sample-attempts';
import { activityCsv } from './activity-rows';
import { runCountWords, runHeadline } from './run-groups';

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

  it("says a run's counts most pressing first, and its badge by the most pressing", () => {
    const counts = { applied: 1, refused: 1, unknown: 1 };
    expect(runCountWords(counts, STATUS_LABELS)).toBe('1 unknown, 1 refused, 1 applied');
    expect(runHeadline(counts)).toBe('unknown');
    expect(runHeadline({ applied: 3 })).toBe('applied');
  });

  it('exports each item with its run id and place in the run', () => {
    const [head, first, second] = activityCsv([item('i0', 0), single]).split('\r\n');
    const columns = head?.split(',') ?? [];
    const at = (line: string | undefined, name: string) => line?.split(',')[columns.indexOf(name)];
    expect([at(first, 'attempt_id'), at(first, 'run_id'), at(first, 'run_item')]).toEqual(['i0', 'run-1', '1/3']);
    expect([at(second, 'attempt_id'), at(second, 'run_id'), at(second, 'run_item')]).toEqual(['single', '', '']);
  });
});

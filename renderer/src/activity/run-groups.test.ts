import { describe, expect, it } from 'vitest';
import { STATUS_LABELS } from '../../../shared/attempt-search';
import type { Attempt } from '../../../shared/attempts';
import { appliedAttempt } from '../../../shared/testing/sample-attempts';
import { activityCsv } from './activity-rows';
import { groupRuns, runCountWords, runHeadline, runOf } from './run-groups';

const item = (id: string, index: number, over: Partial<Attempt> = {}): Attempt => ({
  ...appliedAttempt,
  id,
  startedAt: appliedAttempt.startedAt + index,
  finishedAt: appliedAttempt.startedAt + index + 500,
  run: { id: 'run-1', index, size: 3 },
  ...over,
});

describe('activity runs', () => {
  // Newest first, as the log lists them: a single attempt between items of a run.
  const single = { ...appliedAttempt, id: 'single' };
  const list = [item('i2', 2, { status: 'refused' }), single, item('i0', 0), item('i1', 1, { status: 'unknown' })];

  it('makes a run one entry, where its newest item was, with its items in run order', () => {
    const entries = groupRuns(list);
    expect(entries.map((e) => (e.kind === 'run' ? e.runId : e.attempt.id))).toEqual(['run-1', 'single']);
    const run = entries[0];
    if (run?.kind !== 'run') throw new Error('expected a run');
    expect(run.items.map((a) => a.id)).toEqual(['i0', 'i1', 'i2']);
    expect(run.size).toBe(3);
    expect(run.startedAt).toBe(appliedAttempt.startedAt);
    expect(run.finishedAt).toBe(appliedAttempt.startedAt + 502);
    expect(runCountWords(run, STATUS_LABELS)).toBe('1 unknown, 1 refused, 1 applied');
    expect(runHeadline(run)).toBe('unknown');
    expect(runOf(entries, 'i1')?.runId).toBe('run-1');
    expect(runOf(entries, 'single')).toBeUndefined();
  });

  it('leaves the finish time open while an item is under way', () => {
    const [run] = groupRuns([item('i0', 0, { status: 'following', finishedAt: undefined })]);
    expect(run?.kind === 'run' && run.finishedAt).toBeUndefined();
  });

  it('exports each item with its run id and place in the run', () => {
    const [head, first, second] = activityCsv([item('i0', 0), single]).split('\r\n');
    const columns = head?.split(',') ?? [];
    const at = (line: string | undefined, name: string) => line?.split(',')[columns.indexOf(name)];
    expect([at(first, 'attempt_id'), at(first, 'run_id'), at(first, 'run_item')]).toEqual(['i0', 'run-1', '1/3']);
    expect([at(second, 'attempt_id'), at(second, 'run_id'), at(second, 'run_item')]).toEqual(['single', '', '']);
  });
});

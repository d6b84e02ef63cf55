import { describe, expect, it } from 'vitest';
import { runBarValue, runProgressWords, runStatusWords, runWord, runWordOfCounts, type BatchRun } from './batch-run';

type Facts = Parameters<typeof runStatusWords>[0];
const facts = (over: Partial<BatchRun['counts']>, more: Partial<Facts> = {}): Facts => ({
  state: 'done',
  checked: 10,
  requests: 1,
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
  ...more,
});

describe("a run's status words and bar", () => {
  it('a stopped run says what was applied and what was not sent; its bar is not full', () => {
    const run = facts({ total: 304, applied: 174, notSent: 130 }, { stoppedBy: 'operator', requests: 9 });
    expect(runStatusWords(run)).toBe('Stopped — 174 applied, 130 not sent');
    expect(runBarValue(run)).toBe(174);
    expect(runProgressWords(run)).toBe(
      '174 of 304 decided: 174 applied, 0 refused, 0 not applied, 0 unknown, 130 not sent, 0 excluded',
    );
  });

  it('finished runs name what needs the operator first', () => {
    expect(runStatusWords(facts({ applied: 7, unknown: 3 }))).toBe('Finished with 3 unknown — 7 applied, 3 unknown');
    expect(runStatusWords(facts({ applied: 9, refused: 1 }))).toBe('Finished — 9 applied, 1 refused');
    expect(runStatusWords(facts({ notSent: 10 }, { stoppedBy: 'operator', requests: 0 }))).toBe(
      'Cancelled before sending — nothing was sent (10 not sent)',
    );
    expect(runStatusWords(facts({ unknown: 2, notSent: 8 }, { stoppedBy: 'desk-stopped' }))).toBe(
      'Interrupted: UTA Desk stopped during the run — 2 unknown, 8 not sent',
    );
  });

  it('while checking, the bar counts the items checked and says nothing was sent', () => {
    const run = facts({ total: 304, queued: 304 }, { state: 'checking', checked: 120, requests: 0 });
    expect(runStatusWords(run)).toBe('Checking 120 of 304 — nothing has been sent yet');
    expect(runBarValue(run)).toBe(120);
  });
});

describe("a run's one word (Activity's badge, the CLI's row)", () => {
  it('is the same from its record and from its attempts: never Applied unless every item was', () => {
    // The CLI once called this run "Refused" while the badge said "Finished".
    expect(runWord(facts({ total: 3, applied: 1, refused: 2 }))).toBe('Finished');
    expect(runWordOfCounts({ applied: 1, refused: 2 }, 3)).toBe('Finished');
    expect(runWord(facts({ total: 3, applied: 3 }))).toBe('Applied');
    expect(runWordOfCounts({ applied: 3 }, 3)).toBe('Applied');
    expect(runWord(facts({ total: 3, applied: 2, unknown: 1 }))).toBe('Unknown');
    expect(runWordOfCounts({ applied: 2, unknown: 1 }, 3)).toBe('Unknown');
    expect(runWord(facts({ applied: 2 }, { stoppedBy: 'operator' }))).toBe('Stopped');
    expect(runWord(facts({}, { stoppedBy: 'operator', requests: 0 }))).toBe('Cancelled');
    expect(runWordOfCounts({ applied: 2, following: 1 }, 3)).toBe('Running');
  });
});

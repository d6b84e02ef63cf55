import { describe, expect, it } from 'vitest';
import { ACTIVITY_CSV_HEADER, activityCsvRows } from './activity-csv';
import { activityMatches } from './attempt-search';
import { attemptSchema } from './attempts';
import { batchRunSchema } from './batch-run';
import { sourceWords } from './call-source';
import { appliedAttempt } from './testing/sample-attempts';

const cli = { ...appliedAttempt, source: { host: 'cli' as const, user: 'alice' } };

describe('where an attempt came from', () => {
  it('is optional: records made before it was kept still parse, with and without it', () => {
    const { source: _none, ...old } = cli;
    expect(attemptSchema.parse(old).source).toBeUndefined();
    expect(attemptSchema.parse(cli).source).toEqual({ host: 'cli', user: 'alice' });
    expect(batchRunSchema.shape.source.safeParse(undefined).success).toBe(true);
    expect(attemptSchema.safeParse({ ...cli, source: { host: 'renderer', user: 'x' } }).success).toBe(false);
    expect(attemptSchema.safeParse({ ...cli, source: { host: 'cli', user: 'x'.repeat(257) } }).success).toBe(false);
  });

  it('reads "CLI · alice", and nothing for an old record', () => {
    expect(sourceWords(cli.source)).toBe('CLI · alice');
    expect(sourceWords({ host: 'desktop', user: 'bo' })).toBe('Desktop · bo');
    expect(sourceWords(undefined)).toBe('');
  });

  it('from a team store, names the desk and its machine, and the OS user beside a name that is not it', () => {
    expect(sourceWords({ host: 'cli', user: 'alice', desk: 'alice', machine: 'desk-2' })).toBe('CLI · alice on desk-2');
    expect(sourceWords({ host: 'desktop', user: 'amartin', desk: 'Alice Martin', machine: 'desk-2' })).toBe(
      'Desktop · Alice Martin (amartin) on desk-2',
    );
    expect(sourceWords({ host: 'browser', user: 'bo', machine: 'desk-3' })).toBe('Browser · bo on desk-3');
    const fromStore = {
      ...cli,
      source: { host: 'cli' as const, user: 'alice', desk: 'Alice Martin', machine: 'desk-2' },
    };
    expect(attemptSchema.parse(fromStore).source).toEqual(fromStore.source);
    expect(activityMatches(fromStore, { text: 'alice martin (alice) on desk-2' })).toBe(true);
  });

  it('is found by the Activity search and exported in the CSV', () => {
    expect(activityMatches(cli, { text: 'cli · alice' })).toBe(true);
    expect(activityMatches(cli, { text: 'alice' })).toBe(true);
    expect(activityMatches(appliedAttempt, { text: 'alice' })).toBe(false);
    expect(ACTIVITY_CSV_HEADER.trimEnd().split(',').slice(-2)).toEqual(['source', 'os_user']);
    expect(activityCsvRows([cli]).trimEnd().split(',').slice(-2)).toEqual(['cli', 'alice']);
    expect(activityCsvRows([appliedAttempt]).trimEnd().split(',').slice(-2)).toEqual(['', '']);
  });
});

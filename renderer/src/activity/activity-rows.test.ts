import { describe, expect, it } from 'vitest';
import { appliedAttempt } from '../../../shared/testing/sample-attempts';
import { activityCsv } from './activity-rows';

const a = appliedAttempt;

describe('activity rows', () => {
  it('exports CSV with a header, quoted cells and no formulas', () => {
    const csv = activityCsv([a, { ...a, summary: '=HYPERLINK("x")' }]);
    const [head, row] = csv.split('\r\n');
    expect(head?.split(',')).toContain('duration_ms');
    expect(row).toContain('demo-btc-open');
    expect(row).toContain(',60000.0,60010.0,0.0100,,no,applied,');
    expect(row).toContain(',750,att-1');
    expect(csv.split('\r\n')[2]).toContain(`,"'=HYPERLINK(""x"")",`);
  });
});

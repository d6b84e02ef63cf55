import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../../shared/instrument-changes';
import { checkedAgo, eventSentence, eventText, groupByFetch, utcTime } from './change-words';

const event = (patch: Partial<ChangeEvent>): ChangeEvent => ({
  id: 'f1:0',
  at: 1,
  fetchId: 'f1',
  profileId: 'p',
  category: 'SPOT',
  symbol: 'BTCUSDT',
  kind: 'field',
  ...patch,
});

describe('change words', () => {
  it('says each kind in plain words', () => {
    expect(eventSentence(event({ kind: 'status', field: 'status', old: 'online', new: 'limit_open' }))).toBe(
      'BTCUSDT status online → limit_open',
    );
    expect(eventText(event({ field: 'takerFeeRate', old: '0.0006', new: '0.0008' }))).toBe('taker fee 0.0006 → 0.0008');
    expect(eventText(event({ kind: 'listed', new: 'listed' }))).toBe('listed (status listed)');
    expect(eventText(event({ kind: 'listed' }))).toBe('listed');
    expect(eventText(event({ kind: 'delisted', old: 'online' }))).toBe('delisted (was online)');
    expect(
      eventText(event({ kind: 'restriction-scheduled', field: 'offTime', new: String(Date.UTC(2026, 10, 24, 8)) })),
    ).toBe('delisting scheduled for 2026-11-24 08:00 UTC');
    expect(
      eventText(
        event({
          kind: 'restriction-scheduled',
          field: 'maintainTime',
          old: String(Date.UTC(2026, 10, 24, 8)),
          new: String(Date.UTC(2026, 10, 25, 9, 30, 15)),
        }),
      ),
    ).toBe('maintenance moved from 2026-11-24 08:00 UTC to 2026-11-25 09:30:15 UTC');
    expect(
      eventText(event({ kind: 'restriction-cleared', field: 'limitOpenTime', old: String(Date.UTC(2026, 0, 2)) })),
    ).toBe('open restriction cleared (was 2026-01-02 00:00 UTC)');
  });

  it('names unknown fields as sent, and fields that appear or go', () => {
    expect(eventText(event({ field: 'betaFlag', new: 'yes' }))).toBe('betaFlag appeared: yes');
    expect(eventText(event({ field: 'minOrderQty', old: '0.001' }))).toBe('min order qty removed (was 0.001)');
    expect(eventText(event({ field: 'note', old: '', new: 'x' }))).toBe('note (empty) → x');
  });

  it('keeps a time it cannot read as sent', () => {
    expect(utcTime('soon')).toBe('soon');
    expect(utcTime(' 0 ')).toBe('1970-01-01 00:00 UTC');
  });

  it('groups consecutive events of a fetch, in feed order', () => {
    const groups = groupByFetch([
      event({ id: 'b:0', fetchId: 'b', at: 2 }),
      event({ id: 'b:1', fetchId: 'b', at: 2 }),
      event({ id: 'a:0', fetchId: 'a', at: 1, category: 'MARGIN' }),
    ]);
    expect(groups.map((g) => [g.fetchId, g.category, g.events.length])).toEqual([
      ['b', 'SPOT', 2],
      ['a', 'MARGIN', 1],
    ]);
  });
});

describe('when a category was checked', () => {
  const now = Date.UTC(2026, 10, 26, 12, 0);
  it('is always in the past, even for a check made after the screen clock last ticked', () => {
    expect(checkedAgo(now + 20_000, now)).toBe('checked less than a minute ago');
    expect(checkedAgo(now, now)).toBe('checked less than a minute ago');
    expect(checkedAgo(now - 59_999, now)).toBe('checked less than a minute ago');
    expect(checkedAgo(now - 2 * 60_000, now)).toBe('checked 2 min ago');
    expect(checkedAgo(now - 125 * 60_000, now)).toBe('checked 2 h 5 min ago');
    expect(checkedAgo(now - 3 * 24 * 3_600_000, now)).toBe('checked 3 d 0 h ago');
  });
});

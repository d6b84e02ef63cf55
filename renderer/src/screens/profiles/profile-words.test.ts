import { describe, expect, it } from 'vitest';
import { earlierTestWords, lastTestWords } from './profile-words';

const at = (d: number, h: number, m: number) => new Date(2026, 10, d, h, m).getTime();
const NOW = at(23, 12, 30);

describe("the words of a profile's last connection test", () => {
  it('says when the profile was not tested', () => {
    expect(lastTestWords(undefined, NOW)).toEqual({
      tone: 'none',
      text: 'Not tested',
      label: 'Connection test of the active profile: not tested yet',
    });
  });

  it('gives the time of a passed test, and the short reason of a failed one', () => {
    expect(
      lastTestWords({ ok: true, at: at(23, 12, 3), headline: 'Connection OK', message: 'Connected.' }, NOW),
    ).toEqual({
      tone: 'ok',
      text: 'Connection OK · 12:03',
      label: 'Connection test of the active profile: OK at 12:03',
    });
    expect(
      lastTestWords(
        { ok: false, at: at(23, 9, 5), headline: 'API key not known (40006)', message: 'The exchange …' },
        NOW,
      ),
    ).toEqual({
      tone: 'failed',
      text: 'Last test failed: API key not known (40006)',
      label: 'Connection test of the active profile: failed at 09:05, API key not known (40006)',
    });
  });

  it('adds the date to a test of another day, so an old result does not pass for a recent one', () => {
    expect(lastTestWords({ ok: true, at: at(20, 8, 0), headline: 'Connection OK', message: '' }, NOW).text).toBe(
      'Connection OK · 2026-11-20 08:00',
    );
  });
});

describe('a stale test', () => {
  it('says in the header that the host answers nothing, whatever the test said', () => {
    const ok = {
      ok: true,
      at: at(23, 12, 3),
      headline: 'Connection OK',
      message: 'Connected.',
      hostSilentSince: at(23, 12, 20),
    };
    expect(lastTestWords(ok, NOW)).toEqual({
      tone: 'failed',
      text: 'No answer since 12:20',
      label:
        'Connection test of the active profile: stale, its host has answered nothing since 12:20 (last test at 12:03)',
    });
  });
});

describe("a card's earlier test", () => {
  it('says when, and how long ago, so an old result is not taken for today', () => {
    const ok = { ok: true, at: at(23, 12, 3), headline: 'Connection OK', message: 'Connected.' };
    expect(earlierTestWords(ok, NOW)).toBe('Last test 12:03 (27 min ago): connection OK');
    const failed = { ok: false, at: at(21, 9, 5), headline: 'no answer', message: '…' };
    expect(earlierTestWords(failed, NOW)).toBe('Last test 2026-11-21 09:05 (2 d 3 h ago): failed, no answer');
    expect(earlierTestWords({ ...ok, hostSilentSince: at(23, 12, 20) }, NOW)).toBe(
      'Last test 12:03 (27 min ago): connection OK — stale: its host has answered nothing since 12:20; test again',
    );
  });
});

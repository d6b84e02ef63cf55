// @vitest-environment jsdom
/** The heartbeat: a refused ping marks main gone at once, a long-unanswered one silent, an answer marks it back; a failed call checks at once. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deskError } from '../../../shared/errors';
import { call } from '../lib/desk';
import { installFakeDesk } from '../lib/fake-desk';
import { PING_EVERY_MS, SILENT_MS, startHeartbeat, useHostLink } from './host-link';

let answering: 'yes' | 'refuse' | 'hang';
let stop: () => void;
let back: number;

beforeEach(() => {
  vi.useFakeTimers();
  answering = 'yes';
  back = 0;
  useHostLink.setState({ link: 'up' });
  installFakeDesk({
    pingHost: () => {
      if (answering === 'refuse') throw deskError('internal', 'UTA Desk is stopping');
      if (answering === 'hang') return new Promise(() => undefined);
      return { at: 1 };
    },
    listProfiles: () => {
      throw deskError('internal', 'The main process did not answer on profiles:list');
    },
  });
  stop = startHeartbeat(() => (back += 1));
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('the heartbeat', () => {
  it('marks main gone at the first refused ping and back at the next answer', async () => {
    await vi.advanceTimersByTimeAsync(0);
    expect(useHostLink.getState().link).toBe('up');
    answering = 'refuse';
    await vi.advanceTimersByTimeAsync(PING_EVERY_MS);
    expect(useHostLink.getState().link).toBe('gone');
    answering = 'yes';
    await vi.advanceTimersByTimeAsync(PING_EVERY_MS);
    expect(useHostLink.getState().link).toBe('up');
    expect(back).toBe(1);
  });

  it('a slow answer is not a lost host; one unanswered for SILENT_MS is', async () => {
    await vi.advanceTimersByTimeAsync(0);
    answering = 'hang';
    await vi.advanceTimersByTimeAsync(PING_EVERY_MS + SILENT_MS - 1);
    expect(useHostLink.getState().link).toBe('up');
    await vi.advanceTimersByTimeAsync(1);
    expect(useHostLink.getState().link).toBe('silent');
  });

  it('a call that fails as if main were gone makes it ping at once, not at the next beat', async () => {
    await vi.advanceTimersByTimeAsync(0);
    answering = 'refuse';
    await expect(call('listProfiles', {})).rejects.toThrow('did not answer');
    await vi.advanceTimersByTimeAsync(0);
    expect(useHostLink.getState().link).toBe('gone');
  });
});

/**
 * Whether main is still there. A heartbeat asks it (app:ping) about once a second, and at once when
 * any call fails in a way that may mean it is gone, so a stopped host shows within a second or two
 * instead of at the operator's next action:
 *  - gone: the ping failed (no connection, a session the host no longer knows, a core that stopped);
 *    that is certain, and shown at once;
 *  - silent: a ping has had no answer for SILENT_MS (a hung host). A slow answer on a busy machine
 *    is not a lost host, so this waits longer than any answer a working host gives.
 * The shell disables every action and shows live indicators as unknown while the link is not up.
 */
import { create } from 'zustand';
import { onCallFailure } from '../lib/desk';

/** Wait after an answer before the next ping. */
export const PING_EVERY_MS = 750;
/** A ping unanswered this long: the host is taken for hung. */
export const SILENT_MS = 4_000;

export type HostLink = 'up' | 'gone' | 'silent';

/** The title of a live indicator while main does not answer: it was true once, and is unknown now. */
export const UNKNOWN_TITLE = 'UTA Desk is not answering: this is not known now.';

export const useHostLink = create<{ link: HostLink }>(() => ({ link: 'up' }));

/** One ping: whether main answered (a refusal or a failed transport is no answer). Not through `call`, so a miss is not reported back to itself. */
function ping(): Promise<boolean> {
  return Promise.resolve()
    .then(() => window.desk.pingHost({}))
    .then(
      (r) => r.ok,
      () => false,
    );
}

/** Starts the heartbeat; returns its stop. `onBack` runs when main answers again after a loss. */
export function startHeartbeat(onBack: () => void): () => void {
  let stopped = false;
  let inFlight = false;
  let next: number | undefined;
  let watchdog: number | undefined;

  const set = (link: HostLink) => {
    const was = useHostLink.getState().link;
    if (link === was) return;
    useHostLink.setState({ link });
    if (link === 'up') onBack();
  };

  const beat = async () => {
    // A failure reported while a ping is out is answered by that ping.
    if (stopped || inFlight) return;
    window.clearTimeout(next);
    inFlight = true;
    watchdog = window.setTimeout(() => set('silent'), SILENT_MS);
    const answered = await ping();
    window.clearTimeout(watchdog);
    inFlight = false;
    if (stopped) return;
    set(answered ? 'up' : 'gone');
    next = window.setTimeout(() => void beat(), PING_EVERY_MS);
  };

  onCallFailure(() => void beat());
  void beat();
  return () => {
    stopped = true;
    window.clearTimeout(next);
    window.clearTimeout(watchdog);
    onCallFailure(undefined);
  };
}

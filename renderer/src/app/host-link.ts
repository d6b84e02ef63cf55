/**
 * Whether main is still there. A heartbeat asks it (app:ping) about once a second with a short
 * timeout, and at once when any call fails in a way that may mean it is gone, so a stopped host shows
 * within 2 s instead of at the operator's next action. The state is app-wide: the shell disables
 * every action and shows live indicators as unknown while the host is lost.
 */
import { create } from 'zustand';
import { onCallFailure } from '../lib/desk';

/** Wait after an answer before the next ping. */
export const PING_EVERY_MS = 750;
/** A ping unanswered this long counts as no answer: a hung host shows within PING_EVERY_MS + this. */
export const PING_TIMEOUT_MS = 1_250;

export type HostLink = 'up' | 'lost';

/** The title of a live indicator while main does not answer: it was true once, and is unknown now. */
export const UNKNOWN_TITLE = 'UTA Desk is not answering: this is not known now.';

export const useHostLink = create<{ link: HostLink }>(() => ({ link: 'up' }));

/** One ping: true when main answered in time. Its own result, not `call`, so a miss is not reported back to itself. */
async function pingOnce(): Promise<boolean> {
  let timer: number | undefined;
  const late = new Promise<false>((resolve) => {
    timer = window.setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  const answered = Promise.resolve()
    .then(() => window.desk.pingHost({}))
    .then(
      (r) => r.ok,
      () => false,
    );
  try {
    return await Promise.race([answered, late]);
  } finally {
    window.clearTimeout(timer);
  }
}

/** Starts the heartbeat; returns its stop. `onBack` runs when main answers again after a loss. */
export function startHeartbeat(onBack: () => void): () => void {
  let stopped = false;
  let inFlight = false;
  let timer: number | undefined;

  const beat = async () => {
    // A failure reported while a ping is out is answered by that ping.
    if (stopped || inFlight) return;
    window.clearTimeout(timer);
    inFlight = true;
    const answered = await pingOnce();
    inFlight = false;
    if (stopped) return;
    const was = useHostLink.getState().link;
    const link: HostLink = answered ? 'up' : 'lost';
    if (link !== was) {
      useHostLink.setState({ link });
      if (link === 'up') onBack();
    }
    timer = window.setTimeout(() => void beat(), PING_EVERY_MS);
  };

  onCallFailure(() => void beat());
  void beat();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    onCallFailure(undefined);
  };
}

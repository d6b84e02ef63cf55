import { useState } from 'react';
import { useUi } from '../app/store';

/**
 * A run item's "Activity" button on the Amend many screen: search for its order, show its attempt.
 * Taken once per press (its nonce), while rendering, so the first list read is already the search.
 */
export function useActivityFocus(take: (text: string, attemptId: string | undefined) => void) {
  const focus = useUi((s) => s.activityFocus);
  const [focusTaken, setFocusTaken] = useState(0);
  if (focus && focus.nonce !== focusTaken) {
    setFocusTaken(focus.nonce);
    take(focus.text, focus.attemptId);
  }
}

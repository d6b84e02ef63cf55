/**
 * Shown over the whole window while main does not answer: what happened and what to do, in the
 * host's own terms. The screens stay mounted behind it (inert and covered), so a host that answers
 * again finds the operator's work where it was.
 */
import { useEffect, useRef } from 'react';

export function hostGoneWords(browser: boolean): { title: string; text: string; next: string } {
  return browser
    ? {
        title: 'No connection to UTA Desk',
        text: 'UTA Desk stopped. Start it again and open a new link.',
        next: 'In a terminal, npm start (or uta-desk serve) prints the new link. Until then nothing on this page is current and nothing can be sent from it.',
      }
    : {
        title: 'No answer from UTA Desk',
        text: 'UTA Desk stopped answering. Close this window and start UTA Desk again.',
        next: "The app's main process does not answer. Until it does, nothing in this window is current and nothing can be sent from it.",
      };
}

export function HostGone() {
  const ref = useRef<HTMLDivElement>(null);
  const words = hostGoneWords(window.deskHost === 'browser');
  // The control that had focus is now inert: the notice takes it, so keyboard users land on it.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="host-gone">
      <div className="host-gone-panel" role="alert" aria-labelledby="host-gone-title" tabIndex={-1} ref={ref}>
        <h2 id="host-gone-title" className="host-gone-title">
          {words.title}
        </h2>
        <p>{words.text}</p>
        <p className="muted">{words.next}</p>
      </div>
    </div>
  );
}

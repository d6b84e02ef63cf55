/**
 * Shown over the whole window while main does not answer: what happened and what to do, in the
 * host's own terms. The screens stay mounted behind it (inert and covered), so a host that answers
 * again finds the operator's work where it was.
 */
import { useEffect, useRef } from 'react';
import type { HostLink } from './host-link';

export function hostGoneWords(
  browser: boolean,
  link: Exclude<HostLink, 'up'>,
): { title: string; text: string; next: string } {
  if (link === 'silent')
    return browser
      ? {
          title: 'UTA Desk is not answering',
          text: 'UTA Desk has not answered for a few seconds.',
          next: 'If it was stopped, start it again and open the new link it prints. If it is only busy, this goes away as soon as it answers; nothing can be sent from this page meanwhile.',
        }
      : {
          title: 'UTA Desk is not answering',
          text: "UTA Desk's main process has not answered for a few seconds.",
          next: 'If it is only busy, this goes away as soon as it answers. If it stays, close this window and start UTA Desk again; nothing can be sent from this window meanwhile.',
        };
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

export function HostGone({ link }: { link: Exclude<HostLink, 'up'> }) {
  const ref = useRef<HTMLDivElement>(null);
  const words = hostGoneWords(window.deskHost === 'browser', link);
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

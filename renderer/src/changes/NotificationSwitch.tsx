/**
 * Whether alerts reach the desktop. The browser asks the operator only from a click, so the
 * permission is requested here, once, by a button, never at start-up.
 */
import { useEffect, useRef, useState } from 'react';
import { notificationState, type NotificationState } from './alerts';

const WORDS: Record<Exclude<NotificationState, 'default'>, string> = {
  granted: 'Desktop notifications on',
  denied: 'Notifications blocked: alerts show in this window',
  unavailable: 'No desktop notifications here: alerts show in this window',
};

export function NotificationSwitch() {
  const [state, setState] = useState<NotificationState>(notificationState);
  const [asking, setAsking] = useState(false);
  // Asked, and the browser's question was closed (or never shown): still "default".
  const [unanswered, setUnanswered] = useState(false);
  // The button is replaced by the answer: the focus goes to the answer instead of the page body.
  const asked = useRef(false);
  const answer = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (asked.current && state !== 'default') answer.current?.focus();
  }, [state]);
  if (state === 'default') {
    return (
      <>
        <button
          type="button"
          className="button"
          title="Let watched symbols' alerts show as desktop notifications (the browser asks you once)"
          aria-busy={asking}
          onClick={() => {
            if (asking) return;
            asked.current = true;
            setAsking(true);
            setUnanswered(false);
            const answered = () => {
              setAsking(false);
              const now = notificationState();
              setState(now);
              setUnanswered(now === 'default');
            };
            void window.Notification.requestPermission().then(answered, answered);
          }}
        >
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
            <path
              d="M6 17V11a6 6 0 0 1 12 0v6l2 2H4zM10 21h4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          </svg>
          {asking ? 'Asking the browser…' : 'Enable notifications'}
        </button>
        {unanswered ? (
          <span className="ch-notify muted is-off" role="status">
            No answer to the browser&apos;s question: alerts show in this window. Press again to be asked.
          </span>
        ) : null}
      </>
    );
  }
  return (
    <span ref={answer} tabIndex={-1} className={`ch-notify muted${state === 'granted' ? '' : ' is-off'}`} role="status">
      {WORDS[state]}
    </span>
  );
}

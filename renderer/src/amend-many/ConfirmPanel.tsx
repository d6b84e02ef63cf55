/** Step 4: nothing is sent before this question is answered; it names the count and the profile. */
import { useEffect, useRef } from 'react';
import type { PlanSummary } from '../../../shared/amend-plan';
import type { ProfileSummary } from '../../../shared/profiles';
import { ErrorPanel } from '../components/ErrorPanel';
import { BusyButton } from '../components/BusyButton';

/** Where the profile sends, after its name: "the profile Local demo (Local)" names it once. */
const ENV_WORDS: Record<ProfileSummary['environment'], string> = {
  live: 'Live',
  'demo-trading': 'Demo trading',
  'local-demo': 'Local',
  custom: 'Custom URL',
};

export function confirmQuestion(
  count: number,
  profile: Pick<ProfileSummary, 'environment' | 'name'>,
  subject?: string,
): string {
  return `Send ${count} modification${count === 1 ? '' : 's'} with the profile ${profile.name} (${ENV_WORDS[profile.environment]})${subject ? ` ${subject}` : ''}?`;
}

export function ConfirmPanel({
  summary,
  profile,
  autoCancel,
  sending,
  error,
  onSend,
  onBack,
  subject,
}: {
  summary: PlanSummary;
  profile: Pick<ProfileSummary, 'environment' | 'name'> | undefined;
  /** What the modifications do, said in the question ("to revert run …"). */
  subject?: string;
  autoCancel: boolean;
  sending: boolean;
  error: unknown;
  onSend(): void;
  onBack(): void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLElement>(null);
  // The question takes focus, and the whole panel comes into view: its buttons too, not just the heading.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  const live = profile?.environment === 'live';
  const n = summary.toSend;
  const notSent = summary.refused + summary.excluded;
  return (
    <section
      ref={panel}
      className={`panel am-confirm${live ? ' live' : ''}`}
      aria-labelledby="am-confirm-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !sending) {
          e.preventDefault();
          onBack();
        }
      }}
    >
      {live ? (
        <p className="amend-banner live" role="note">
          LIVE account — these modify real orders with real funds.
        </p>
      ) : null}
      <h2 id="am-confirm-title" className="am-confirm-title" tabIndex={-1} ref={heading}>
        {profile ? confirmQuestion(n, profile, subject) : `Send ${n} modifications?`}
      </h2>
      <p className="am-confirm-facts">
        Nothing has been sent yet. {n} order{n === 1 ? '' : 's'} in {summary.batches} batch request
        {summary.batches === 1 ? '' : 's'} of at most 20
        {notSent ? `; the ${notSent} refused or excluded are not sent` : ''}. Auto-cancel on failure:{' '}
        {autoCancel ? <strong className="amend-danger-text">yes</strong> : 'no'}. Each order is followed until its
        outcome is known; an order whose outcome stays unknown is never sent again.
      </p>
      {error ? <ErrorPanel error={error} title="The run could not start" /> : null}
      <div className="am-confirm-actions">
        <button type="button" className="button" onClick={onBack} disabled={sending}>
          Back
        </button>
        <BusyButton
          className={`button ${live ? 'danger' : 'primary'}`}
          onClick={onSend}
          busy={sending}
          disabled={n === 0 || !profile}
        >
          {sending ? 'Starting…' : `Send ${n} modification${n === 1 ? '' : 's'}`}
        </BusyButton>
      </div>
    </section>
  );
}

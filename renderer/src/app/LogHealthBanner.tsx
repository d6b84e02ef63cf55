/**
 * A banner under the header while the activity log cannot be written (a full or read-only disk):
 * main sends nothing then, since every amend is recorded before it goes, and the operator must know
 * why before trying. Main's words say what and what to do; they disappear once it can write again.
 */
import { useQuery } from '@tanstack/react-query';
import { call } from '../lib/desk';
import './log-health.css';

export const LOG_HEALTH_KEY = ['activity-health'] as const;
/** Asked this often; faster while the log cannot be written, so the banner leaves soon after space returns. */
const CHECK_MS = 5_000;
const CHECK_WHILE_FAILING_MS = 2_000;

export function LogHealthBanner() {
  const health = useQuery({
    queryKey: LOG_HEALTH_KEY,
    queryFn: () => call('getActivityHealth', {}),
    refetchInterval: (q) => (q.state.data && !q.state.data.writable ? CHECK_WHILE_FAILING_MS : CHECK_MS),
    refetchIntervalInBackground: true,
  });
  const data = health.data;
  if (!data || data.writable) return null;
  return (
    <div className="log-health-banner" role="alert">
      {data.message ?? 'The activity log cannot be written. Nothing is sent until it can be.'}
    </div>
  );
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENVIRONMENT_LABELS, type Environment, type LastTest } from '../../../shared/profiles';
import { call } from '../lib/desk';
import { useNow } from '../lib/useNow';
import { lastTestWords } from '../screens/profiles/profile-words';
import { UNKNOWN_TITLE } from './host-link';
import { OrderStreamStatusChip } from './OrderStreamStatus';
import { useUi } from './store';

export const APP_STATUS_KEY = ['app-status'] as const;

/** The app status (version, active profile and its last connection test, clock skew), for every part that shows it. */
export const appStatusQuery = queryOptions({
  queryKey: APP_STATUS_KEY,
  queryFn: () => call('getAppStatus', {}),
  refetchInterval: 15_000,
});

export function Header({ hostLost = false }: { hostLost?: boolean }) {
  const theme = useUi((s) => s.theme);
  const toggleTheme = useUi((s) => s.toggleTheme);
  const setView = useUi((s) => s.setView);
  const status = useQuery(appStatusQuery);
  const profile = status.data?.activeProfile;
  const skew = status.data?.clockSkewMs;

  return (
    <header className={`header${profile?.environment === 'live' ? ' header-live' : ''}`}>
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          ◆
        </span>
        UTA Desk
      </div>
      <div className="header-spacer" />
      {!hostLost && skew != null && Math.abs(skew) >= 1000 ? (
        <span className="chip chip-warn" title="Local clock minus exchange clock; requests are corrected for it">
          Clock skew {(skew / 1000).toFixed(1)} s
        </span>
      ) : null}
      <button
        type="button"
        className={`profile-chip env-${profile?.environment ?? 'unknown'}`}
        onClick={() => setView('profiles')}
        disabled={hostLost}
        aria-label={
          profile
            ? `Active profile: ${profile.name}, environment ${ENVIRONMENT_LABELS[profile.environment]}`
            : 'Active profile: loading'
        }
        title="Active profile: click to manage profiles"
      >
        <span className="env-label">{profile ? ENVIRONMENT_LABELS[profile.environment] : '…'}</span>
        <span className="profile-name">{profile?.name ?? (status.isError ? 'unavailable' : 'loading')}</span>
      </button>
      {profile ? (
        <ConnectionHealth lastTest={profile.lastTest} environment={profile.environment} unknown={hostLost} />
      ) : null}
      {profile ? <OrderStreamStatusChip unknown={hostLost} /> : null}
      <button
        type="button"
        className="icon-button"
        onClick={toggleTheme}
        disabled={hostLost}
        aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
        title="Toggle theme"
      >
        {theme === 'dark' ? '☀' : '☾'}
      </button>
    </header>
  );
}

/**
 * The active profile's last connection test, next to its chip: a profile whose test failed is not
 * used unawares (its orders would be refused while the desk looks ready). A status, so a new
 * result is announced; the full explanation is in the title and on the Profiles screen.
 */
function ConnectionHealth({
  lastTest,
  environment,
  unknown,
}: {
  lastTest: LastTest | undefined;
  environment: Environment;
  unknown: boolean;
}) {
  // The time decides between "12:03" and a date; render never reads the clock itself.
  const now = useNow(60_000);
  if (unknown)
    return (
      <span role="status" className="chip connection-health health-unknown" title={UNKNOWN_TITLE}>
        Connection unknown
      </span>
    );
  const words = lastTestWords(lastTest, now, environment);
  return (
    <span
      role="status"
      className={`chip connection-health health-${words.tone}${words.tone === 'failed' ? ' chip-warn' : ''}`}
      aria-label={words.label}
      title={lastTest?.message ?? 'Test the connection on the Profiles screen.'}
    >
      {words.text}
    </span>
  );
}

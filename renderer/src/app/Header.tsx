import { useQuery } from '@tanstack/react-query';
import { ENVIRONMENT_LABELS } from '../../../shared/profiles';
import { call } from '../lib/desk';
import { useUi } from './store';

export const APP_STATUS_KEY = ['app-status'] as const;

export function Header() {
  const theme = useUi((s) => s.theme);
  const toggleTheme = useUi((s) => s.toggleTheme);
  const setView = useUi((s) => s.setView);
  const status = useQuery({
    queryKey: APP_STATUS_KEY,
    queryFn: () => call('getAppStatus', {}),
    refetchInterval: 15_000,
  });
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
      {skew != null && Math.abs(skew) >= 1000 ? (
        <span className="chip chip-warn" title="Local clock minus exchange clock; requests are corrected for it">
          Clock skew {(skew / 1000).toFixed(1)} s
        </span>
      ) : null}
      <button
        type="button"
        className={`profile-chip env-${profile?.environment ?? 'unknown'}`}
        onClick={() => setView('profiles')}
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
      <button
        type="button"
        className="icon-button"
        onClick={toggleTheme}
        aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
        title="Toggle theme"
      >
        {theme === 'dark' ? '☀' : '☾'}
      </button>
    </header>
  );
}

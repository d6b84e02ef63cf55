/**
 * A warning at the top of the amend desk when the active profile's last connection test failed:
 * the desk otherwise reads "Ready" while every signed request of that profile is refused (40006 on
 * Open orders). It sits above the form, so it is read before Send; sending is not blocked (the
 * exchange may have been fixed since), and "Test again" checks without leaving the desk.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APP_STATUS_KEY, appStatusQuery } from '../app/Header';
import { errorText } from '../components/ErrorPanel';
import { call } from '../lib/desk';
import { useNow } from '../lib/useNow';
import { PROFILES_KEY } from '../screens/profiles/query-keys';
import { testTime } from '../screens/profiles/profile-words';
import './profile-health.css';

export function ProfileHealthNotice() {
  const queryClient = useQueryClient();
  const status = useQuery(appStatusQuery);
  const now = useNow(60_000);
  const profile = status.data?.activeProfile;
  const test = useMutation({
    mutationFn: (id: string) => call('testConnection', { id }),
    // The new result reaches the header, this notice and the Profiles screen through the summaries.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: APP_STATUS_KEY }),
        queryClient.invalidateQueries({ queryKey: PROFILES_KEY }),
      ]),
  });

  const last = profile?.lastTest;
  if (!profile || !last || last.ok) return null;
  return (
    <section className="amend-banner warn amend-health" aria-label="Connection warning">
      <p>
        <strong>
          The last connection test of {profile.name} failed ({testTime(last.at, now)}):
        </strong>{' '}
        {last.message}
      </p>
      <p>
        Modifications sent with this profile will probably be rejected. Sending is not blocked: fix the profile on the
        Profiles screen, or test again if the exchange was the problem.
      </p>
      <button
        type="button"
        className="button"
        onClick={() => test.mutate(profile.id)}
        disabled={test.isPending}
        aria-busy={test.isPending}
      >
        {test.isPending ? 'Testing…' : 'Test again'}
      </button>
      {test.isError ? <p role="status">The test could not run: {errorText(test.error)}</p> : null}
    </section>
  );
}

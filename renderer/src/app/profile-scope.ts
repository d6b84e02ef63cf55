/**
 * Everything the screens show belongs to one profile. When the active profile changes (a switch on
 * the Profiles screen, or main choosing Local demo after the active one was deleted), every query of
 * the previous one is dropped at once (an answer still on its way is discarded), the stores that
 * hold its orders, instruments and alerts start over, and the screens are mounted afresh: nothing
 * of the previous profile stays on screen while the new one loads.
 */
import { useMutation, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../../shared/contract';
import type { ProfileSummary } from '../../../shared/profiles';
import { AMEND_MANY_START, useAmendMany } from '../amend-many/amend-many-store';
import { AMEND_START, useAmend } from '../amend/amend-store';
import { useAlerts } from '../changes/alerts';
import { useInstrumentBrowser } from '../instruments/prefs';
import { call } from '../lib/desk';
import { PROFILES_KEY } from '../screens/profiles/query-keys';
import { APP_STATUS_KEY } from './Header';
import { useUi } from './store';
import { create } from 'zustand';

/** The profile the screens' data is of, and a count that remounts the screens when it changes. */
export const useProfileScope = create<{ profileId: string | null; generation: number }>(() => ({
  profileId: null,
  generation: 0,
}));

/** Queries about the app itself (which profile is active, the list of profiles): they stay. */
const APP_WIDE: ReadonlySet<unknown> = new Set([APP_STATUS_KEY[0], PROFILES_KEY[0]]);
const ofProfile = (q: Query) => !APP_WIDE.has(q.queryKey[0]);

/** Makes `profileId` the profile the screens show; the first one seen only records it. */
export function enterProfile(qc: QueryClient, profileId: string): void {
  const { profileId: current, generation } = useProfileScope.getState();
  if (current === profileId) return;
  useAlerts.getState().belongTo(profileId);
  if (current === null) {
    useProfileScope.setState({ profileId });
    return;
  }
  // Reset, not invalidate: an invalidated query keeps showing its data (and keeps it after a failed
  // refetch), which is how the previous profile's 151 instruments stayed on screen.
  void qc.resetQueries({ predicate: ofProfile });
  useAmend.setState({ ...AMEND_START });
  useAmendMany.setState({ ...AMEND_MANY_START, selected: new Set(), planned: [] });
  useInstrumentBrowser.setState({ exactSymbol: '', selectedKey: null, detailsOpen: false, openedKey: null });
  useUi.setState({ amendPrefill: null, amendManyPrefill: null, activityFocus: null });
  useProfileScope.setState({ profileId, generation: generation + 1 });
}

/** Selects a profile in main; once main has switched, the screens move to it at once. */
export function useSwitchProfile(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('selectProfile', { id }),
    onSuccess: (selected: ProfileSummary) => {
      enterProfile(qc, selected.id);
      qc.setQueryData<ResponseOf<'getAppStatus'>>(APP_STATUS_KEY, (old) =>
        old ? { ...old, activeProfile: selected } : old,
      );
    },
    // The header (skew, last test) and the list (which one is active) are read again either way.
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: APP_STATUS_KEY }),
        qc.invalidateQueries({ queryKey: PROFILES_KEY }),
      ]),
  });
}

/**
 * Instrument history of the active profile: the change feed, the rows changed since the operator
 * last looked, watched symbols and their alerts, and the background refresh (see
 * instrument-history/change-tracker.ts and background-refresh.ts).
 */
import { BackgroundRefresh, type ChangeRefreshSettings } from '../instrument-history/background-refresh';
import type { CoreContext } from './context';
import type { CoreHandlers } from './handlers';

type ChangeMethods =
  | 'listChanges'
  | 'getChangeStatus'
  | 'setRefreshMinutes'
  | 'getChangeMarks'
  | 'markChangesSeen'
  | 'setWatched'
  | 'takeChangeAlerts'
  | 'checkChangesNow';

/** The refresh of the active profile's categories, started unless the settings say otherwise. */
export function startBackgroundRefresh(ctx: CoreContext, settings: ChangeRefreshSettings = {}): BackgroundRefresh {
  const { enabled = true, ...options } = settings;
  const refresh = new BackgroundRefresh({
    tracker: ctx.changes,
    now: ctx.now,
    source: async () => {
      const { profile, client } = await ctx.profiles.active();
      return { profileId: profile.id, fetchCategory: (category) => client.getInstruments(category) };
    },
    ...options,
  });
  if (enabled) refresh.start();
  return refresh;
}

export function changeHandlers(ctx: CoreContext, refresh: BackgroundRefresh): Pick<CoreHandlers, ChangeMethods> {
  const { changes } = ctx;
  const profileId = async () => (await ctx.profiles.active()).profile.id;
  return {
    listChanges: async (query) => changes.page(await profileId(), query),
    getChangeStatus: async () => changes.status(await profileId()),
    setRefreshMinutes: async ({ minutes }) => {
      await refresh.setMinutes(minutes);
      return changes.status(await profileId());
    },
    getChangeMarks: async ({ category }) => ({ marks: await changes.marks(await profileId(), category) }),
    markChangesSeen: async ({ category, symbols }) => ({
      marks: await changes.markSeen(await profileId(), category, symbols),
    }),
    setWatched: async ({ category, symbol, watched }) => {
      const id = await profileId();
      await changes.setWatched(id, { category, symbol }, watched);
      return changes.status(id);
    },
    takeChangeAlerts: async () => ({ alerts: await changes.takeAlerts(await profileId()) }),
    // A round under way (the background's, or another click's) is joined, not doubled.
    checkChangesNow: async () => {
      await refresh.runRound();
      return changes.status(await profileId());
    },
  };
}

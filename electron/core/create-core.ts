/**
 * The main process's core: every IPC handler as a plain function over injected dependencies.
 * main.ts gives it Electron's pieces; the e2e harness and unit tests give it their own.
 */
import { join } from 'node:path';
import type { Caller } from '../../shared/call-source';
import type { CoreContext, CoreDeps } from './context';
import type { CoreHandlers } from './handlers';
import { activityHandlers } from './activity-handlers';
import { appHandlers } from './app-handlers';
import { callSource, type SourceDeps } from './source-tag';
import { changeHandlers, startBackgroundRefresh } from './change-handlers';
import { LOCAL_DEMO_PORT_FILE, LOCAL_DEMO_STATE_FILE, LocalDemo } from './local-demo';
import { marketHandlers } from './market-handlers';
import { createAmendService, orderHandlers } from './order-handlers';
import { profileHandlers } from './profile-handlers';
import { createAmendRuns, createReverts, runHandlers } from './run-handlers';
import { createProfileService } from '../profiles/profile-service';
import { withEnvironmentProfile } from '../profiles/environment-profile';
import { OrderStream } from '../exchange/order-stream';
import { OrderStreams } from '../exchange/order-streams';
import { ChangeTracker } from '../instrument-history/change-tracker';
import { ActivityLog } from '../activity/activity-log';
import { ActivityService } from '../activity/activity-service';
import type { AmendService } from '../amend/amend-service';
import type { AmendRuns } from '../amend/amend-runs';
import { TeamLinks } from '../team-store/team-links';

export interface Core {
  handlers: CoreHandlers;
  localDemo: LocalDemo;
  /** Stops following amends, flushes the activity log, stops the instrument refresh and closes its history, closes the order stream, then stops the embedded demo exchange. */
  close(): Promise<void>;
}

/** `host` (SourceDeps): the host creating the core, recorded with the attempts and runs it carries. */
export function createCore(deps: CoreDeps & SourceDeps): Core {
  const now = deps.now ?? Date.now;
  // The embedded demo exchange keeps its state in the user-data folder; an external one keeps its own.
  const localDemo = new LocalDemo({
    engineLatencyMs: 400,
    ...(deps.localDemo?.externalUrl
      ? {}
      : {
          stateFile: join(deps.userDataDir, LOCAL_DEMO_STATE_FILE),
          portFile: join(deps.userDataDir, LOCAL_DEMO_PORT_FILE),
        }),
    ...deps.localDemo,
  });
  const streams = new OrderStreams((config) => new OrderStream({ ...config, ...deps.orderStream }));
  const changes = new ChangeTracker(deps.userDataDir, { now });
  const stored = createProfileService(deps, localDemo);
  const profiles = deps.environmentProfile ? withEnvironmentProfile(stored, deps.environmentProfile) : stored;
  // The amend service is made after the links it uses, and the links hand guards to it.
  const amendRef: { current?: AmendService } = {};
  const runsRef: { current?: AmendRuns } = {};
  const team = new TeamLinks({
    userDataDir: deps.userDataDir,
    hostKind: deps.host,
    osUser: callSource(deps).user,
    settingsOf: async (profileId) => profiles.teamStore?.(profileId),
    // Other desks' guards join this desk's own, so the desk and Amend many refuse what they hold.
    onGuards: (profileId, guards) => amendRef.current?.steps.profileState(profileId).guards.setElsewhere(guards),
    onRevertLinks: (links) => runsRef.current?.noteRevertLinks(links),
    onError: (e) => console.error('[team store]', e instanceof Error ? e.message : e),
    ...deps.teamLease,
  });
  const ctx: CoreContext = { deps, now, localDemo, profiles, streams, changes, team };
  const refresh = startBackgroundRefresh(ctx, deps.changeRefresh);
  const log = new ActivityLog(deps.userDataDir);
  const amend = createAmendService(ctx, log);
  amendRef.current = amend;
  const activity = new ActivityService(log, amend.steps, async () => {
    const active = await profiles.active().catch(() => undefined);
    return active && (await team.forProfile(active.profile).catch(() => undefined));
  });
  const runs = createAmendRuns(ctx, amend);
  runsRef.current = runs;
  const sourceOf = (caller?: Caller) => callSource(deps, caller);
  let closing: Promise<void> | undefined;
  const handlers: CoreHandlers = {
    ...profileHandlers(ctx),
    ...marketHandlers(ctx),
    ...orderHandlers(ctx, amend, sourceOf),
    ...activityHandlers(activity),
    ...runHandlers(runs, createReverts(ctx, amend, runs), sourceOf),
    ...changeHandlers(ctx, refresh),
    ...appHandlers({ running: () => closing === undefined, now }),
  };
  return {
    handlers,
    localDemo,
    // Attempts still being followed are recorded as they stand before the exchange goes away. A
    // second close (a host's shutdown after a crash handler's) waits for the first.
    close: () =>
      (closing ??= (async () => {
        await runs.close();
        await amend.close();
        await team.close();
        refresh.stop();
        await changes.close();
        await streams.close();
        await localDemo.close();
      })()),
  };
}

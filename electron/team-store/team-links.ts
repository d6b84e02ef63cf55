/**
 * The core's team stores: one per profile that names one, opened when the profile is used, replaced
 * when its settings change, closed with the core. Each is watched: when another desk records
 * anything, the guards other desks hold are read again and handed to the amend steps (`onGuards`),
 * and which run reverts which (`onRevertLinks`).
 */
import { hostname } from 'node:os';
import type { RevertLink } from '../../shared/batch-run';
import type { SourceHost } from '../../shared/call-source';
import type { ProfileSummary } from '../../shared/profiles';
import { deskId } from './desk-id';
import type { TeamStoreSettings } from './settings';
import type { StoreGuard } from './store-guards';
import { TeamStore } from './team-store';

export interface TeamLinksOptions {
  userDataDir: string;
  hostKind: SourceHost;
  osUser: string;
  settingsOf: (profileId: string) => Promise<TeamStoreSettings | undefined>;
  /** The guards other desks hold on the profile's account, whenever they may have changed. */
  onGuards: (profileId: string, guards: StoreGuard[]) => void;
  /** Which run reverts which, across the team, read again with the guards. */
  onRevertLinks?: (links: Array<{ runId: string; link: RevertLink }>) => void;
  onError?: (e: unknown) => void;
  /** Tests shorten the lease. */
  leaseMs?: number;
  heartbeatMs?: number;
}

interface Link {
  key: string;
  store: TeamStore;
}

/** Whose orders a profile's are: its exchange, as the guards are keyed (an order id is unique there). */
export function accountOf(profile: Pick<ProfileSummary, 'baseUrl'>): string {
  try {
    return new URL(profile.baseUrl).origin;
  } catch {
    return profile.baseUrl;
  }
}

export class TeamLinks {
  private readonly links = new Map<string, Link>();
  private id: Promise<string> | undefined;

  constructor(private readonly opts: TeamLinksOptions) {}

  /** The profile's team store, opened (lazily: nothing is sent to it until it is used) if it names one. */
  async forProfile(profile: ProfileSummary): Promise<TeamStore | undefined> {
    const settings = await this.opts.settingsOf(profile.id);
    const old = this.links.get(profile.id);
    if (!settings) {
      if (old) await this.drop(profile.id);
      return undefined;
    }
    const key = JSON.stringify([
      settings.url,
      settings.password,
      settings.displayName,
      profile.name,
      accountOf(profile),
    ]);
    if (old?.key === key) return old.store;
    if (old) await this.drop(profile.id);
    this.id ??= deskId(this.opts.userDataDir);
    const store = new TeamStore({
      settings,
      desk: {
        id: await this.id,
        osUser: this.opts.osUser,
        hostName: hostname(),
        hostKind: this.opts.hostKind,
        displayName: settings.displayName || this.opts.osUser,
        profileName: profile.name,
      },
      account: accountOf(profile),
      ...(this.opts.leaseMs !== undefined ? { leaseMs: this.opts.leaseMs } : {}),
      ...(this.opts.heartbeatMs !== undefined ? { heartbeatMs: this.opts.heartbeatMs } : {}),
      onError: this.opts.onError,
    });
    this.links.set(profile.id, { key, store });
    store.watch(this.guardReader(profile.id, store));
    return store;
  }

  /** The store a profile was last used with (undefined: none). */
  current(profileId: string): TeamStore | undefined {
    return this.links.get(profileId)?.store;
  }

  /** Reads the guards again after a change; changes that come while it reads make one more read. */
  private guardReader(profileId: string, store: TeamStore): () => void {
    let reading = false;
    let again = false;
    const read = async (): Promise<void> => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const [guards, links] = await Promise.all([store.guards(), store.revertLinks()]);
          if (this.current(profileId) !== store) return;
          this.opts.onGuards(
            profileId,
            guards.filter((g) => g.deskId !== store.desk.id),
          );
          this.opts.onRevertLinks?.(links);
        } while (again);
      } catch (e) {
        this.opts.onError?.(e);
      } finally {
        reading = false;
      }
    };
    return () => void read();
  }

  private async drop(profileId: string): Promise<void> {
    const link = this.links.get(profileId);
    this.links.delete(profileId);
    this.opts.onGuards(profileId, []);
    await link?.store.close();
  }

  async close(): Promise<void> {
    await Promise.all([...this.links.keys()].map((id) => this.drop(id)));
  }
}

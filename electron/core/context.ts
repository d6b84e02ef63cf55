/**
 * What the core's handler groups share: the active profile's client and the services behind it.
 * Each handler group (profiles, market, orders/amend, activity) takes this and nothing from Electron.
 */
import type { ConnectionTest, ProfileInput, ProfileSummary, ProfileUpdate, StorageStatus } from '../../shared/profiles';
import type { ClientConfig, ExchangeClient } from '../exchange/client';
import type { Credentials } from '../exchange/request-headers';
import type { OrderStreamConfig } from '../exchange/order-stream-config';
import type { OrderStreams } from '../exchange/order-streams';
import type { ChangeRefreshSettings } from '../instrument-history/background-refresh';
import type { ChangeTracker } from '../instrument-history/change-tracker';
import type { LocalDemo, LocalDemoOptions } from './local-demo';
import type { ScryptParams } from '../profiles/passphrase-vault';
import type { SecretBox } from '../profiles/secret-box';
import type { TeamLinks } from '../team-store/team-links';
import type { TeamStoreSettings } from '../team-store/settings';

export interface ActiveSession {
  profile: ProfileSummary;
  client: ExchangeClient;
}

export interface ProfileService {
  list(): Promise<ProfileSummary[]>;
  create(input: ProfileInput): Promise<ProfileSummary>;
  update(input: ProfileUpdate): Promise<ProfileSummary>;
  remove(id: string): Promise<void>;
  select(id: string): Promise<ProfileSummary>;
  testConnection(id: string): Promise<ConnectionTest>;
  /** Lets a tampered profile's secrets go where it now points (the operator confirmed it). */
  confirmDestination(id: string): Promise<ProfileSummary>;
  /** The active profile with a client configured for it (starting the local demo when needed). */
  active(): Promise<ActiveSession>;
  /**
   * The profile's team store, its password unsealed (main only; never to a renderer or a log);
   * undefined when it names none. A 'vault' DeskError while the password cannot be opened, or when
   * profiles.json was changed to point the store elsewhere than its password was sealed for.
   */
  teamStore(profileId: string): Promise<TeamStoreSettings | undefined>;
  storageStatus(): StorageStatus;
  setupVault(passphrase: string): Promise<StorageStatus>;
  unlockVault(passphrase: string): Promise<StorageStatus>;
  lockVault(): StorageStatus;
  changeVaultPassphrase(current: string, next: string): Promise<StorageStatus>;
  /** Local minus exchange clock (ms) as last measured for the active profile; null until measured. */
  clockSkewMs(): number | null;
}

/** Credentials from the CLI's environment, used as a profile that is never saved (environment-profile.ts). */
export interface EnvironmentProfile {
  credentials: Credentials;
  baseUrl: string;
  demoTrading: boolean;
  locale: string;
  timeoutMs: number;
  /** Extra client settings (tests: fetch, sleep). */
  client?: Partial<ClientConfig>;
  /** The team store its attempts and guards go to (the environment's, like its credentials). */
  teamStore?: TeamStoreSettings;
}

export interface CoreDeps {
  /** The app's user-data folder: profiles, activity log. */
  userDataDir: string;
  secretBox: SecretBox;
  version: string;
  now?: () => number;
  /** Options of the embedded demo exchange (tests shorten the engine latency). */
  localDemo?: LocalDemoOptions;
  /** Cheaper scrypt parameters for the passphrase vault in tests; never set by a host. */
  vaultScrypt?: ScryptParams;
  /**
   * How long main follows an accepted modification before calling it unknown. Tests only (the e2e
   * harness shortens it); never set by a host: production's is in core-limits.ts.
   */
  followTimeoutMs?: number;
  /**
   * How long a request of the Local demo profile waits for its answer. Tests only (the e2e harness
   * shortens it, so a held answer is given up sooner); never set by a host: production's is in
   * core-limits.ts.
   */
  localDemoTimeoutMs?: number;
  /** Timings of the private order stream (tests shorten them); never secrets. */
  orderStream?: Partial<Omit<OrderStreamConfig, 'url' | 'credentials' | 'clockKey'>>;
  /** The background refresh of instrument history (tests turn it off or give it fake timers). */
  changeRefresh?: ChangeRefreshSettings;
  /**
   * A profile chosen with selectProfile lasts for this core's life only; profiles.json keeps the one
   * the app opens next (the CLI's --profile).
   */
  sessionOnlySelect?: boolean;
  /** Credentials from the CLI's environment, active in front of the stored profiles, never saved. */
  environmentProfile?: EnvironmentProfile;
  /** Team-store timings (tests shorten the lease); never a setting of a host. */
  teamLease?: { leaseMs?: number; heartbeatMs?: number };
}

export interface CoreContext {
  deps: CoreDeps;
  now: () => number;
  localDemo: LocalDemo;
  profiles: ProfileService;
  /** The active profile's private order stream. */
  streams: OrderStreams;
  /** Instrument history: every whole-category fetch is recorded here. */
  changes: ChangeTracker;
  /** The team stores of profiles that name one. */
  team: TeamLinks;
}

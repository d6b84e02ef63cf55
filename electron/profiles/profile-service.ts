/**
 * Profiles: the built-in Local demo plus the user's live, demo-trading and custom profiles, kept in
 * profiles.json with their secrets sealed by the vault. The renderer only ever sees ProfileSummary
 * (masked metadata); secrets are decrypted only to build a client.
 *
 * This file holds the service (its reads, changes and the vault's passphrase, saved one at a time);
 * reading profiles.json at start is profile-load.ts, the rules of an edit profile-edits.ts, a stored
 * profile's summary and client stored-profile.ts, its team store profile-team-store.ts, and the
 * built-in one builtin-profile.ts.
 */
import { randomUUID } from 'node:crypto';
import { DeskError, deskError } from '../../shared/errors';
import {
  profileInputSchema,
  profileUpdateSchema,
  type ConnectionTest,
  type LastTest,
  type ProfileInput,
  type ProfileSummary,
  type ProfileUpdate,
  type StorageStatus,
} from '../../shared/profiles';
import { excerpt } from '../../shared/excerpt';
import type { ClientConfig } from '../exchange/client';
import { NO_RETRY } from '../exchange/retry';
import { sharedClockSkews } from '../exchange/skew';
import type { CoreDeps, ProfileService } from '../core/context';
import type { LocalDemo } from '../core/local-demo';
import { coreLimits } from '../core/core-limits';
import { osUserName } from '../core/source-tag';
import type { TeamStoreSettings } from '../team-store/settings';
import { destinationOf, sealStateOf } from './destination-seal';
import { runConnectionTest } from './connection-test';
import { LOCAL_DEMO_PROFILE_ID, localDemoClient, localDemoSummary } from './builtin-profile';
import {
  assertUniqueName,
  editedProfile,
  invalid,
  newProfile,
  passphraseBlobs,
  secretsFrom,
  testedSettings,
  withPassphraseBlobs,
} from './profile-edits';
import { loadProfiles } from './profile-load';
import { ProfileStore, type ProfilesFile, type StoredProfile, type StoreFs } from './profile-store';
import { SessionSelectStore } from './session-select-store';
import type { ScryptParams } from './passphrase-vault';
import { teamStoreSettingsOf } from './profile-team-store';
import { clientFor, summaryOf } from './stored-profile';
import { isStorePasswordContext, Vault } from './vault';

export interface ProfileServiceOptions {
  /** Extra client settings (tests: fetch, limiters, skews, sleep). */
  client?: Partial<ClientConfig>;
  /** Cheaper scrypt parameters for tests; a stored vault always uses its own. */
  scrypt?: ScryptParams;
  /** File operations of the profiles file (tests inject faults). */
  storeFs?: StoreFs;
  /** The OS user name a team store's display name defaults to (tests); by default this process's. */
  osUser?: string;
}

export function createProfileService(
  deps: CoreDeps,
  localDemo: Pick<LocalDemo, 'url'>,
  options: ProfileServiceOptions = {},
): ProfileService {
  return new VaultProfileService(deps, localDemo, options);
}

class VaultProfileService implements ProfileService {
  private readonly vault: Vault;
  private readonly store: ProfileStore;
  private readonly now: () => number;
  /** The Local demo's request timeout: production's unless a test shortened it. */
  private readonly localDemoTimeoutMs: number;
  /** Since when each profile's host has answered nothing (absent: it answered last). */
  private readonly silentSince = new Map<string, number>();
  private file: Promise<ProfilesFile> | undefined;
  /** Why the profiles file was not loaded as it was; shown with the storage status for the session. */
  private loadProblem: string | undefined;
  /** Set when the file on disk could not be read and is still there: it must not be saved over. */
  private unsavable: string | undefined;
  /** Mutations run one after another so two saves never interleave. */
  private writes: Promise<unknown> = Promise.resolve();
  /** Synchronous copy of the selected id, for clockSkewMs(). */
  private activeId = LOCAL_DEMO_PROFILE_ID;
  /**
   * The last connection test of each profile: the truth for the session. Stored profiles also keep
   * theirs in profiles.json (best effort); the built-in Local demo's is for the session only, since
   * its exchange is started afresh with the app.
   */
  private readonly lastTests = new Map<string, LastTest>();

  constructor(
    deps: CoreDeps,
    private readonly localDemo: Pick<LocalDemo, 'url'>,
    private readonly options: ProfileServiceOptions,
  ) {
    this.vault = new Vault(deps.secretBox, options.scrypt ?? deps.vaultScrypt);
    this.localDemoTimeoutMs = coreLimits(deps).localDemoTimeoutMs;
    this.now = deps.now ?? Date.now;
    const Store = deps.sessionOnlySelect ? SessionSelectStore : ProfileStore;
    this.store = new Store(deps.userDataDir, this.now, options.storeFs);
  }

  // ---------- reading ----------

  async list(): Promise<ProfileSummary[]> {
    const file = await this.loaded();
    const demo = await this.localDemoSummary(file.activeProfileId);
    return [demo, ...file.profiles.map((p) => this.summarize(p, file.activeProfileId))];
  }

  storageStatus(): StorageStatus {
    const status = this.vault.status();
    if (!this.loadProblem) return status;
    return { ...status, warning: status.warning ? `${status.warning} ${this.loadProblem}` : this.loadProblem };
  }

  clockSkewMs(): number | null {
    return (this.options.client?.skews ?? sharedClockSkews).get(this.activeId);
  }

  async active() {
    const file = await this.loaded();
    const stored = file.profiles.find((p) => p.id === file.activeProfileId);
    if (!stored) {
      const baseUrl = await this.localDemo.url();
      return { profile: await this.localDemoSummary(file.activeProfileId), client: this.localDemoClient(baseUrl) };
    }
    return { profile: this.summarize(stored, file.activeProfileId), client: this.clientFor(stored) };
  }

  /** The profile's team store with its password unsealed (main only); undefined when it names none. */
  async teamStore(profileId: string): Promise<TeamStoreSettings | undefined> {
    if (profileId === LOCAL_DEMO_PROFILE_ID) return undefined;
    return teamStoreSettingsOf(this.vault, this.find(await this.loaded(), profileId));
  }

  async testConnection(id: string): Promise<ConnectionTest> {
    const file = await this.loaded();
    // A test answers now: one attempt, no retries that would multiply the wait.
    if (id === LOCAL_DEMO_PROFILE_ID) {
      const baseUrl = await this.localDemo.url();
      const client = this.localDemoClient(baseUrl, { retry: NO_RETRY });
      const result = await runConnectionTest(
        client,
        { environment: 'local-demo', baseUrl, timeoutMs: this.localDemoTimeoutMs, hasCredentials: true },
        this.now,
      );
      this.lastTests.set(id, this.lastTestOf(result));
      return result;
    }
    const stored = this.find(file, id);
    const tested = testedSettings(stored);
    const result = await runConnectionTest(
      this.clientFor(stored, { retry: NO_RETRY }),
      { ...stored, hasCredentials: stored.sealed !== null },
      this.now,
    );
    await this.remember(id, tested, this.lastTestOf(result));
    return result;
  }

  // ---------- changing ----------

  async create(input: ProfileInput): Promise<ProfileSummary> {
    const parsed = profileInputSchema.safeParse(input);
    if (!parsed.success) throw invalid(parsed.error);
    const p = parsed.data;
    const secrets = secretsFrom(p, undefined);
    return this.mutate((file) => {
      assertUniqueName(file, p.name, undefined);
      const profile = newProfile(this.vault, p, secrets, randomUUID(), this.now(), this.osUser());
      const next = { ...file, profiles: [...file.profiles, profile] };
      return { next, result: this.summarize(profile, next.activeProfileId) };
    });
  }

  async update(input: ProfileUpdate): Promise<ProfileSummary> {
    const parsed = profileUpdateSchema.safeParse(input);
    if (!parsed.success) throw invalid(parsed.error);
    const u = parsed.data;
    if (u.id === LOCAL_DEMO_PROFILE_ID)
      throw deskError('validation', 'The Local demo profile is built in and cannot be changed.');
    return this.mutate((file) => {
      const old = this.find(file, u.id);
      if (u.name !== undefined) assertUniqueName(file, u.name, old.id);
      const { profile, otherHost, changedSecrets } = editedProfile(this.vault, old, u, this.now(), this.osUser());
      // The skew belongs to the host the profile talks to, not to its key.
      if (otherHost) this.skews().clear(old.id);
      // A test of another host or of other credentials says nothing about these: "Not tested" again.
      const untested = otherHost || changedSecrets;
      if (untested) delete profile.lastTest;
      const next = { ...file, profiles: file.profiles.map((p) => (p.id === old.id ? profile : p)) };
      return { next, result: { profile, untested, activeId: next.activeProfileId } };
    }).then(({ profile, untested, activeId }) => {
      if (untested) this.lastTests.delete(profile.id);
      return this.summarize(profile, activeId);
    });
  }

  async remove(id: string): Promise<void> {
    if (id === LOCAL_DEMO_PROFILE_ID)
      throw deskError('validation', 'The Local demo profile is built in and cannot be deleted.');
    await this.mutate((file) => {
      this.find(file, id);
      this.skews().clear(id);
      // Deleting the profile in use falls back to the one that is always there.
      const activeProfileId = file.activeProfileId === id ? LOCAL_DEMO_PROFILE_ID : file.activeProfileId;
      return {
        next: { ...file, activeProfileId, profiles: file.profiles.filter((p) => p.id !== id) },
        result: undefined,
      };
    });
    this.lastTests.delete(id);
  }

  /**
   * The operator confirms that a tampered profile's secrets may go where it now points: they are
   * sealed again for that destination. Its last test and clock skew were about another host.
   */
  async confirmDestination(id: string): Promise<ProfileSummary> {
    if (id === LOCAL_DEMO_PROFILE_ID)
      throw deskError('validation', 'The Local demo profile is built in; it has no destination to confirm.');
    const { profile, activeId } = await this.mutate((file) => {
      const old = this.find(file, id);
      const seal = sealStateOf(this.vault, old);
      if (seal.kind === 'closed') throw deskError('vault', seal.problem);
      if (seal.kind === 'none' || seal.kind === 'bound')
        return { next: file, result: { profile: old, activeId: file.activeProfileId } };
      const profile: StoredProfile = {
        ...old,
        sealed: this.vault.resealFor(old, seal.secrets, destinationOf(old)),
        updatedAt: this.now(),
      };
      delete profile.lastTest;
      const next = { ...file, profiles: file.profiles.map((p) => (p.id === id ? profile : p)) };
      return { next, result: { profile, activeId: next.activeProfileId } };
    });
    this.skews().clear(id);
    this.lastTests.delete(id);
    return this.summarize(profile, activeId);
  }

  async select(id: string): Promise<ProfileSummary> {
    const file = await this.mutate((f) => {
      if (id !== LOCAL_DEMO_PROFILE_ID) this.find(f, id);
      const next = { ...f, activeProfileId: id };
      return { next, result: next };
    });
    const stored = file.profiles.find((p) => p.id === id);
    return stored ? this.summarize(stored, id) : this.localDemoSummary(id);
  }

  // ---------- the passphrase vault ----------

  async setupVault(passphrase: string): Promise<StorageStatus> {
    await this.loaded();
    const created = await this.vault.passphrase.create(passphrase);
    await this.mutate((file) => {
      if (file.vault) throw deskError('vault', 'A vault passphrase is already set; unlock the vault instead.');
      return { next: { ...file, vault: created.header }, result: undefined };
    });
    created.adopt();
    return this.storageStatus();
  }

  async unlockVault(passphrase: string): Promise<StorageStatus> {
    await this.loaded();
    await this.vault.passphrase.unlock(passphrase);
    if (!this.vault.passphrase.bound) await this.migrateVault(passphrase);
    return this.storageStatus();
  }

  /**
   * A vault of an earlier version: every secret is sealed again, bound to where its profile points
   * now, under a fresh salt (so blobs of the old key are of no use), in one atomic write. Should the
   * write fail, the vault stays open as it was and the migration is tried at the next unlock.
   */
  private async migrateVault(passphrase: string): Promise<void> {
    try {
      await this.rekeyVault(passphrase, passphrase);
    } catch (e) {
      console.warn(
        `[profiles] The vault could not be sealed again with each profile's destination: ${e instanceof DeskError ? e.message : 'I/O error'}`,
      );
    }
  }

  lockVault(): StorageStatus {
    this.vault.passphrase.lock();
    return this.storageStatus();
  }

  /** Re-seals every passphrase-sealed profile and the header in one atomic write of profiles.json. */
  async changeVaultPassphrase(current: string, next: string): Promise<StorageStatus> {
    await this.rekeyVault(current, next);
    return this.storageStatus();
  }

  private async rekeyVault(current: string, next: string): Promise<void> {
    const before = await this.loaded();
    const blobs = passphraseBlobs(before);
    const byId = new Map(before.profiles.map((p) => [p.id, p]));
    // A store password is bound already; a profile's secrets of an earlier version get their destination.
    const rekeyed = await this.vault.passphrase.rekey(current, next, blobs, (context, plain) =>
      isStorePasswordContext(context)
        ? this.vault.checkStorePlain(plain)
        : this.vault.bindPlain(plain, destinationOf(byId.get(context)!)),
    );
    await this.mutate((file) => {
      const now = passphraseBlobs(file);
      const same =
        Object.keys(now).length === Object.keys(blobs).length &&
        Object.entries(now).every(([id, b]) => blobs[id] === b);
      if (!same) throw deskError('vault', 'The profiles changed while the passphrase was being changed; try again.');
      const profiles = withPassphraseBlobs(file.profiles, rekeyed.blobs);
      return { next: { ...file, profiles, vault: rekeyed.header }, result: undefined };
    });
    rekeyed.adopt();
  }

  // ---------- internals ----------

  private summarize(p: StoredProfile, activeId: string): ProfileSummary {
    return summaryOf(this.vault, p, activeId, this.lastTestNow(p.id));
  }

  private async localDemoSummary(activeId: string): Promise<ProfileSummary> {
    return localDemoSummary(
      await this.localDemo.url(),
      activeId,
      this.lastTestNow(LOCAL_DEMO_PROFILE_ID),
      this.localDemoTimeoutMs,
    );
  }

  /** The last test, marked stale when the profile's host has not answered since it ran. */
  private lastTestNow(id: string): LastTest | undefined {
    const last = this.lastTests.get(id);
    const silent = this.silentSince.get(id);
    return last && silent !== undefined && silent > last.at ? { ...last, hostSilentSince: silent } : last;
  }

  private localDemoClient(baseUrl: string, extra: Partial<ClientConfig> = {}) {
    return localDemoClient(baseUrl, {
      timeoutMs: this.localDemoTimeoutMs,
      ...this.options.client,
      ...this.heard(LOCAL_DEMO_PROFILE_ID),
      ...extra,
    });
  }

  private clientFor(p: StoredProfile, extra: Partial<ClientConfig> = {}) {
    return clientFor(this.vault, p, { ...this.options.client, ...this.heard(p.id), ...extra });
  }

  /**
   * A profile's requests, watched for whether its host answers at all: a request that gets no
   * answer (refused, no such host, timed out) starts its silence, any answer ends it.
   */
  private heard(id: string): Partial<ClientConfig> {
    const send = this.options.client?.fetch ?? fetch;
    return {
      fetch: (input, init) =>
        send(input, init).then(
          (answer) => {
            this.silentSince.delete(id);
            return answer;
          },
          (e: unknown) => {
            if (!this.silentSince.has(id)) this.silentSince.set(id, this.now());
            throw e;
          },
        ),
    };
  }

  private lastTestOf(result: ConnectionTest): LastTest {
    return { ok: result.ok, at: this.now(), headline: result.headline, message: result.message };
  }

  /**
   * Keeps a stored profile's test result, unless the profile changed host or credentials while the
   * test ran (then it describes settings that are gone). Saving it is best effort: a file that
   * cannot be written costs the result after a restart, never the test's answer.
   */
  private async remember(id: string, tested: string, last: LastTest): Promise<void> {
    const still = (file: ProfilesFile) => file.profiles.find((p) => p.id === id && testedSettings(p) === tested);
    if (!still(await this.loaded())) return;
    this.lastTests.set(id, last);
    try {
      await this.mutate((file) => {
        if (!still(file)) return { next: file, result: undefined };
        const profiles = file.profiles.map((p) => (p.id === id ? { ...p, lastTest: last } : p));
        return { next: { ...file, profiles }, result: undefined };
      });
    } catch {
      // Kept in memory for the session; profiles.json stays as it was.
    }
  }

  private osUser(): string {
    return this.options.osUser ?? osUserName();
  }

  private skews() {
    return this.options.client?.skews ?? sharedClockSkews;
  }

  private find(file: ProfilesFile, id: string): StoredProfile {
    const p = file.profiles.find((x) => x.id === id);
    if (!p) throw deskError('not-found', `There is no profile with id ${excerpt(id)}; it may have been deleted.`);
    return p;
  }

  private loaded(): Promise<ProfilesFile> {
    this.file ??= this.load().then(
      (file) => {
        this.activeId = file.activeProfileId;
        for (const p of file.profiles)
          if (p.lastTest && !this.lastTests.has(p.id)) this.lastTests.set(p.id, p.lastTest);
        return file;
      },
      (e: unknown) => {
        this.file = undefined; // try again on the next call
        throw e;
      },
    );
    return this.file;
  }

  private async load(): Promise<ProfilesFile> {
    const { file, unsavable } = await loadProfiles(this.store, this.vault, (problem) => this.report(problem));
    if (unsavable) this.unsavable = unsavable;
    return file;
  }

  private report(problem: string): void {
    this.loadProblem = problem;
    console.warn(`[profiles] ${problem}`);
  }

  /** Applies a change to the file, saves it atomically, then makes it current. */
  private mutate<T>(change: (file: ProfilesFile) => { next: ProfilesFile; result: T }): Promise<T> {
    const run = this.writes.then(async () => {
      const current = await this.loaded();
      if (this.unsavable)
        throw deskError('vault', `${this.unsavable}, so nothing is saved over it; nothing was changed.`);
      const { next, result } = change(current);
      // A change that found nothing to change writes nothing.
      if (next === current) return result;
      try {
        await this.store.save(next);
      } catch (e) {
        throw deskError(
          'vault',
          `The profiles file could not be saved (${(e as NodeJS.ErrnoException).code ?? 'I/O error'}); nothing was changed.`,
        );
      }
      this.file = Promise.resolve(next);
      this.activeId = next.activeProfileId;
      return result;
    });
    this.writes = run.catch(() => undefined);
    return run;
  }
}

/**
 * Profiles: the built-in Local demo plus the user's live, demo-trading and custom profiles, kept in
 * profiles.json with their secrets sealed by the vault. The renderer only ever sees ProfileSummary
 * (masked metadata); secrets are decrypted only to build a client.
 */
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { ZodError } from 'zod';
import { DeskError, deskError } from '../../shared/errors';
import {
  LIVE_BASE_URL,
  profileInputSchema,
  profileUpdateSchema,
  type ConnectionTest,
  type LastTest,
  type ProfileInput,
  type ProfileSummary,
  type ProfileUpdate,
  type StorageStatus,
} from '../../shared/profiles';
import { validationDetails } from '../../shared/contract';
import { excerpt } from '../../shared/excerpt';
import { DEMO_ACCOUNT } from '../../demo-exchange';
import { ExchangeClient, type ClientConfig, type Credentials } from '../exchange/client';
import { NO_RETRY } from '../exchange/retry';
import { sharedClockSkews } from '../exchange/skew';
import type { CoreDeps, ProfileService } from '../core/context';
import type { LocalDemo } from '../core/local-demo';
import { normalizeBaseUrl } from './base-url';
import { destinationOf, sealStateOf, tamperedProblem, type SealState } from './destination-seal';
import { runConnectionTest } from './connection-test';
import { ProfileStore, type ProfilesFile, type StoredProfile, type StoreFs } from './profile-store';
import { SessionSelectStore } from './session-select-store';
import type { ScryptParams } from './passphrase-vault';
import { apiKeyHint, Vault, type ProfileSecrets } from './vault';

export const LOCAL_DEMO_PROFILE_ID = 'local-demo';
const LOCAL_DEMO_NAME = 'Local demo';

export interface ProfileServiceOptions {
  /** Extra client settings (tests: fetch, limiters, skews, sleep). */
  client?: Partial<ClientConfig>;
  /** Cheaper scrypt parameters for tests; a stored vault always uses its own. */
  scrypt?: ScryptParams;
  /** File operations of the profiles file (tests inject faults). */
  storeFs?: StoreFs;
}

export function createProfileService(
  deps: CoreDeps,
  localDemo: Pick<LocalDemo, 'url'>,
  options: ProfileServiceOptions = {},
): ProfileService {
  return new VaultProfileService(deps, localDemo, options);
}

function emptyFile(): ProfilesFile {
  return { version: 1, activeProfileId: LOCAL_DEMO_PROFILE_ID, profiles: [] };
}

class VaultProfileService implements ProfileService {
  private readonly vault: Vault;
  private readonly store: ProfileStore;
  private readonly now: () => number;
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

  async testConnection(id: string): Promise<ConnectionTest> {
    const file = await this.loaded();
    // A test answers now: one attempt, no retries that would multiply the wait.
    if (id === LOCAL_DEMO_PROFILE_ID) {
      const baseUrl = await this.localDemo.url();
      const client = this.localDemoClient(baseUrl, { retry: NO_RETRY });
      const result = await runConnectionTest(
        client,
        { environment: 'local-demo', baseUrl, timeoutMs: 10_000, hasCredentials: true },
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
      const id = randomUUID();
      const baseUrl = p.environment === 'custom' ? normalizeBaseUrl(p.baseUrl) : LIVE_BASE_URL;
      const sealed = secrets ? this.vault.seal(secrets, { id, environment: p.environment, baseUrl }) : undefined;
      const at = this.now();
      const profile: StoredProfile = {
        id,
        name: p.name,
        environment: p.environment,
        baseUrl,
        locale: p.locale,
        timeoutMs: p.timeoutMs,
        apiKeyHint: secrets ? apiKeyHint(secrets.apiKey) : null,
        storage: sealed?.storage ?? 'none',
        sealed: sealed?.sealed ?? null,
        createdAt: at,
        updatedAt: at,
      };
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
      const name = u.name ?? old.name;
      if (u.name !== undefined) assertUniqueName(file, u.name, old.id);
      const environment = u.environment ?? old.environment;
      let baseUrl = LIVE_BASE_URL;
      if (environment === 'custom')
        baseUrl = normalizeBaseUrl(u.baseUrl ?? (old.environment === 'custom' ? old.baseUrl : undefined));
      const otherHost = baseUrl !== old.baseUrl || environment !== old.environment;
      const destination = { id: old.id, environment, baseUrl };
      // Blank secrets mean "unchanged": only the ones given replace the stored ones.
      const replacing = u.apiKey !== undefined || u.secretKey !== undefined || u.passphrase !== undefined;
      const allNew = u.apiKey !== undefined && u.secretKey !== undefined && u.passphrase !== undefined;
      // The stored secrets are needed to keep some of them, or to seal them for a new host.
      const keeping = (replacing && !allNew) || (otherHost && !replacing);
      const seal: SealState = keeping ? sealStateOf(this.vault, old) : { kind: 'none' };
      if (seal.kind === 'closed') throw deskError('vault', closedForEdit(seal.problem));
      // The secrets of a tampered profile are not carried over to any destination, not even in part.
      if (replacing && seal.kind === 'tampered')
        throw deskError('validation', 'This profile was changed outside UTA Desk: enter all three secrets again.', {
          details: ['apiKey: required', 'secretKey: required', 'passphrase: required'],
        });
      const current = seal.kind === 'bound' || seal.kind === 'legacy' ? seal.secrets : undefined;
      const secrets = replacing ? secretsFrom(u, current) : undefined;
      const changedSecrets = secrets !== undefined && secrets !== current;
      // Secrets go only where they are sealed for: a new host in the app is sealed again with them.
      // A tampered profile's seal stays as it is (pointing it back where it was sealed for clears it).
      const sealed = changedSecrets
        ? this.vault.seal(secrets, destination)
        : otherHost && current
          ? { storage: old.storage, sealed: this.vault.resealFor(old, current, destination) }
          : undefined;
      const profile: StoredProfile = {
        ...old,
        name,
        environment,
        baseUrl,
        locale: u.locale ?? old.locale,
        timeoutMs: u.timeoutMs ?? old.timeoutMs,
        ...(sealed ? { sealed: sealed.sealed, storage: sealed.storage } : {}),
        ...(changedSecrets && secrets ? { apiKeyHint: apiKeyHint(secrets.apiKey) } : {}),
        updatedAt: this.now(),
      };
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
    const rekeyed = await this.vault.passphrase.rekey(current, next, blobs, (id, plain) =>
      this.vault.bindPlain(plain, destinationOf(byId.get(id)!)),
    );
    await this.mutate((file) => {
      const now = passphraseBlobs(file);
      const same =
        Object.keys(now).length === Object.keys(blobs).length &&
        Object.entries(now).every(([id, b]) => blobs[id] === b);
      if (!same) throw deskError('vault', 'The profiles changed while the passphrase was being changed; try again.');
      const profiles = file.profiles.map((p) => (p.id in rekeyed.blobs ? { ...p, sealed: rekeyed.blobs[p.id]! } : p));
      return { next: { ...file, profiles, vault: rekeyed.header }, result: undefined };
    });
    rekeyed.adopt();
  }

  // ---------- internals ----------

  private summarize(p: StoredProfile, activeId: string): ProfileSummary {
    const seal = sealStateOf(this.vault, p);
    const summary = summarize(p, activeId, this.vault.passphrase.state === 'unlocked', this.lastTests.get(p.id));
    if (seal.kind !== 'tampered') return summary;
    const { environment, baseUrl } = seal.sealedFor;
    return { ...summary, tampered: { environment, baseUrl } };
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

  private skews() {
    return this.options.client?.skews ?? sharedClockSkews;
  }

  private find(file: ProfilesFile, id: string): StoredProfile {
    const p = file.profiles.find((x) => x.id === id);
    if (!p) throw deskError('not-found', `There is no profile with id ${excerpt(id)}; it may have been deleted.`);
    return p;
  }

  private async localDemoSummary(activeId: string): Promise<ProfileSummary> {
    return {
      id: LOCAL_DEMO_PROFILE_ID,
      name: LOCAL_DEMO_NAME,
      environment: 'local-demo',
      baseUrl: await this.localDemo.url(),
      locale: 'en-US',
      timeoutMs: 10_000,
      apiKeyHint: apiKeyHint(DEMO_ACCOUNT.apiKey),
      hasSecret: true,
      hasPassphrase: true,
      storage: 'builtin',
      locked: false,
      builtin: true,
      active: activeId === LOCAL_DEMO_PROFILE_ID,
      ...withLastTest(this.lastTests.get(LOCAL_DEMO_PROFILE_ID)),
    };
  }

  private localDemoClient(baseUrl: string, extra: Partial<ClientConfig> = {}): ExchangeClient {
    const { apiKey, secretKey, passphrase } = DEMO_ACCOUNT;
    return new ExchangeClient({
      baseUrl,
      credentials: { apiKey, secretKey, passphrase },
      clockKey: LOCAL_DEMO_PROFILE_ID,
      ...this.options.client,
      ...extra,
    });
  }

  private clientFor(p: StoredProfile, extra: Partial<ClientConfig> = {}): ExchangeClient {
    let credentials: Credentials | undefined;
    let credentialsProblem: string | undefined;
    const seal: SealState = sealStateOf(this.vault, p);
    if (seal.kind === 'bound' || seal.kind === 'legacy') credentials = seal.secrets;
    else if (seal.kind === 'tampered') credentialsProblem = tamperedProblem(p, seal.sealedFor);
    else if (seal.kind === 'closed') credentialsProblem = seal.problem;
    return new ExchangeClient({
      baseUrl: p.baseUrl,
      credentials,
      credentialsProblem,
      locale: p.locale,
      demoTrading: p.environment === 'demo-trading',
      timeoutMs: p.timeoutMs,
      clockKey: p.id,
      ...this.options.client,
      ...extra,
    });
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

  /**
   * Whatever is wrong with profiles.json, the built-in Local demo keeps working: an unreadable file
   * (a folder, no permission, an I/O error) or one that cannot be moved aside (a read-only disk)
   * becomes a warning and an empty list, and the file is left as it is.
   */
  private async load(): Promise<ProfilesFile> {
    let result;
    try {
      result = await this.store.load();
    } catch (e) {
      this.unsavable = `The profiles file could not be read (${errorCode(e)})`;
      this.report(
        `${this.unsavable}: only the Local demo is available. Fix or move ${this.store.path}, then restart UTA Desk.`,
      );
      return emptyFile();
    }
    if (result.kind === 'missing') return emptyFile();
    if (result.kind === 'corrupt') {
      if (!result.movedTo) this.unsavable = `The profiles file could not be read because ${result.reason}`;
      this.report(
        `The profiles file could not be read because ${result.reason}. ${
          result.movedTo
            ? `It was moved aside to ${basename(result.movedTo)}; add your profiles again (Local demo is active).`
            : `It could not be moved aside (${result.moveError}) and was left as it is; only the Local demo is available.`
        }`,
      );
      return emptyFile();
    }
    const file = withValidActive(result.file);
    this.vault.passphrase.restore(file.vault);
    const osSealed = file.profiles.filter((p) => p.sealed !== null && this.vault.opensWithoutPassphrase(p));
    if (osSealed.length > 0 && this.vault.status().backend === 'unavailable') {
      this.report('The OS keyring is not available now, so secrets it sealed cannot be used until it is again.');
      return file;
    }
    const unreadable = osSealed.filter((p) => sealStateOf(this.vault, p).kind === 'closed');
    if (unreadable.length === 0) return this.migrateOsSealed(file);
    const names = unreadable.map((p) => `"${p.name}"`).join(', ');
    const repaired: ProfilesFile = {
      ...file,
      profiles: file.profiles.map((p) =>
        unreadable.includes(p) ? { ...p, sealed: null, storage: 'none', apiKeyHint: null, lastTest: undefined } : p,
      ),
    };
    // Keep what can be read, and the original file aside, so nothing is lost by starting over.
    try {
      const movedTo = await this.store.moveAside();
      await this.store.save(repaired);
      this.report(
        `The secrets of ${names} could not be decrypted (the OS keyring or its key changed). The original file was kept as ${basename(movedTo)}; enter those credentials again.`,
      );
    } catch (e) {
      this.report(
        `The secrets of ${names} could not be decrypted (the OS keyring or its key changed), and the profiles file could not be rewritten (${errorCode(e)}); it was left as it is.`,
      );
    }
    return repaired;
  }

  /**
   * Secrets an earlier version sealed with the OS keyring, without their destination: sealed again,
   * bound to where each profile points now, on load. Best effort: if the file cannot be written they
   * are used as they are and the migration is tried at the next start.
   */
  private async migrateOsSealed(file: ProfilesFile): Promise<ProfilesFile> {
    let changed = false;
    const profiles = file.profiles.map((p) => {
      if (p.storage === 'passphrase' || p.sealed === null) return p;
      const seal = sealStateOf(this.vault, p);
      if (seal.kind !== 'legacy') return p;
      changed = true;
      return { ...p, sealed: this.vault.resealFor(p, seal.secrets, destinationOf(p)) };
    });
    if (!changed) return file;
    const next = { ...file, profiles };
    try {
      await this.store.save(next);
      return next;
    } catch (e) {
      console.warn(`[profiles] The profiles could not be sealed again with their destination (${errorCode(e)}).`);
      return file;
    }
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

function summarize(
  p: StoredProfile,
  activeId: string,
  vaultUnlocked: boolean,
  lastTest: LastTest | undefined,
): ProfileSummary {
  return {
    id: p.id,
    name: p.name,
    environment: p.environment,
    baseUrl: p.baseUrl,
    locale: p.locale,
    timeoutMs: p.timeoutMs,
    apiKeyHint: p.apiKeyHint,
    hasSecret: p.sealed !== null,
    hasPassphrase: p.sealed !== null,
    storage: p.storage,
    locked: p.storage === 'passphrase' && p.sealed !== null && !vaultUnlocked,
    builtin: false,
    active: p.id === activeId,
    ...withLastTest(lastTest),
  };
}

/** The field only when there is a test to tell of: absent means "not tested". */
function withLastTest(lastTest: LastTest | undefined): { lastTest?: LastTest } {
  return lastTest ? { lastTest } : {};
}

/** What a connection test tests: a result is about these settings, and only these. */
function testedSettings(p: StoredProfile): string {
  return JSON.stringify([p.environment, p.baseUrl, p.sealed]);
}

/** The passphrase-sealed blobs of the file, by profile id. */
function passphraseBlobs(file: ProfilesFile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of file.profiles) if (p.storage === 'passphrase' && p.sealed !== null) out[p.id] = p.sealed;
  return out;
}

/** Why a profile's host or secrets cannot be changed while its secrets cannot be opened. */
function closedForEdit(problem: string): string {
  return `${problem} Its secrets are sealed for the host they are sent to, so its host and secrets can only be changed once they can be opened.`;
}

function errorCode(e: unknown): string {
  return (e as NodeJS.ErrnoException).code ?? 'I/O error';
}

function withValidActive(file: ProfilesFile): ProfilesFile {
  const known =
    file.activeProfileId === LOCAL_DEMO_PROFILE_ID || file.profiles.some((p) => p.id === file.activeProfileId);
  return known ? file : { ...file, activeProfileId: LOCAL_DEMO_PROFILE_ID };
}

function assertUniqueName(file: ProfilesFile, name: string, exceptId: string | undefined): void {
  const key = name.trim().toLowerCase();
  if (
    key === LOCAL_DEMO_NAME.toLowerCase() ||
    file.profiles.some((p) => p.id !== exceptId && p.name.trim().toLowerCase() === key)
  ) {
    throw deskError('validation', `A profile named "${name.trim()}" already exists; choose another name.`, {
      details: ['name: already used'],
    });
  }
}

/**
 * The secrets to store: the given ones over the current ones. Returns `current` itself when nothing
 * was given; a new profile must get all three together or none.
 */
function secretsFrom(
  given: { apiKey?: string; secretKey?: string; passphrase?: string },
  current: ProfileSecrets | undefined,
): ProfileSecrets | undefined {
  const { apiKey, secretKey, passphrase } = given;
  if (apiKey === undefined && secretKey === undefined && passphrase === undefined) return current;
  const merged = {
    apiKey: apiKey ?? current?.apiKey,
    secretKey: secretKey ?? current?.secretKey,
    passphrase: passphrase ?? current?.passphrase,
  };
  if (merged.apiKey === undefined || merged.secretKey === undefined || merged.passphrase === undefined) {
    const missing = (['apiKey', 'secretKey', 'passphrase'] as const).filter((k) => merged[k] === undefined);
    throw deskError('validation', 'Give the API key, the secret key and the passphrase together.', {
      details: missing.map((k) => `${k}: required`),
    });
  }
  return { apiKey: merged.apiKey, secretKey: merged.secretKey, passphrase: merged.passphrase };
}

function invalid(error: ZodError): DeskError {
  const details = validationDetails(error);
  return deskError('validation', `The profile is not valid: ${details.join('; ')}`, { details });
}

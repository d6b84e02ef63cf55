/**
 * The rules of a profile edit: a unique name, secrets given together (blank means unchanged), what
 * a connection test is about, and the words of an edit that cannot be made. The team store's own
 * rules are profile-team-store.ts.
 */
import type { z, ZodError } from 'zod';
import { validationDetails } from '../../shared/contract';
import { deskError, type DeskError } from '../../shared/errors';
import { LIVE_BASE_URL, type profileInputSchema, type profileUpdateSchema } from '../../shared/profiles';
import { normalizeBaseUrl } from './base-url';
import { sealStateOf, type SealState } from './destination-seal';
import { LOCAL_DEMO_NAME } from './builtin-profile';
import type { ProfilesFile, StoredProfile } from './profile-store';
import { editedTeamStore } from './profile-team-store';
import { apiKeyHint, storePasswordContext, type ProfileSecrets, type Vault } from './vault';

/**
 * A new stored profile of a checked input, its secrets (if any) sealed for where it points and its
 * team store's password for the store's address. `osUser` names the operator on a store by default.
 */
export function newProfile(
  vault: Vault,
  p: z.output<typeof profileInputSchema>,
  secrets: ProfileSecrets | undefined,
  id: string,
  at: number,
  osUser: string,
): StoredProfile {
  const baseUrl = p.environment === 'custom' ? normalizeBaseUrl(p.baseUrl) : LIVE_BASE_URL;
  const sealed = secrets ? vault.seal(secrets, { id, environment: p.environment, baseUrl }) : undefined;
  const teamStore = editedTeamStore(vault, id, undefined, p, osUser);
  return {
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
    ...(teamStore ? { teamStore } : {}),
  };
}

/**
 * A stored profile with a checked update applied. Blank secrets mean "unchanged"; secrets go only
 * where they are sealed for. Answers whether it now points at another host and whether its secrets
 * changed (either makes its last test and clock skew about something else).
 */
export function editedProfile(
  vault: Vault,
  old: StoredProfile,
  u: z.output<typeof profileUpdateSchema>,
  at: number,
  osUser: string,
): { profile: StoredProfile; otherHost: boolean; changedSecrets: boolean } {
  const name = u.name ?? old.name;
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
  const seal: SealState = keeping ? sealStateOf(vault, old) : { kind: 'none' };
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
    ? vault.seal(secrets, destination)
    : otherHost && current
      ? { storage: old.storage, sealed: vault.resealFor(old, current, destination) }
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
    updatedAt: at,
  };
  const teamStore = editedTeamStore(vault, old.id, old.teamStore, u, osUser);
  if (teamStore) profile.teamStore = teamStore;
  else delete profile.teamStore;
  return { profile, otherHost, changedSecrets };
}

/** What a connection test tests: a result is about these settings, and only these. */
export function testedSettings(p: StoredProfile): string {
  return JSON.stringify([p.environment, p.baseUrl, p.sealed]);
}

/**
 * The passphrase-sealed blobs of the file, by their vault context: a profile's secrets under its id,
 * its team store's password under storePasswordContext(id).
 */
export function passphraseBlobs(file: ProfilesFile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of file.profiles) {
    if (p.storage === 'passphrase' && p.sealed !== null) out[p.id] = p.sealed;
    const password = p.teamStore?.password;
    if (password?.storage === 'passphrase') out[storePasswordContext(p.id)] = password.sealed;
  }
  return out;
}

/** The file's profiles with the blobs of a change of vault passphrase (keyed as passphraseBlobs). */
export function withPassphraseBlobs(profiles: StoredProfile[], blobs: Record<string, string>): StoredProfile[] {
  return profiles.map((p) => {
    const sealed = blobs[p.id];
    const password = blobs[storePasswordContext(p.id)];
    const store = p.teamStore;
    return {
      ...p,
      ...(sealed !== undefined ? { sealed } : {}),
      ...(store?.password && password !== undefined
        ? { teamStore: { ...store, password: { ...store.password, sealed: password } } }
        : {}),
    };
  });
}

/** Why a profile's host or secrets cannot be changed while its secrets cannot be opened. */
export function closedForEdit(problem: string): string {
  return `${problem} Its secrets are sealed for the host they are sent to, so its host and secrets can only be changed once they can be opened.`;
}

export function assertUniqueName(file: ProfilesFile, name: string, exceptId: string | undefined): void {
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
export function secretsFrom(
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

export function invalid(error: ZodError): DeskError {
  const details = validationDetails(error);
  return deskError('validation', `The profile is not valid: ${details.join('; ')}`, { details });
}

/**
 * The add/edit profile form as plain data: what the fields hold, what is wrong with them before
 * sending, and the request main receives. Secrets live here only while the form is open.
 */
import {
  NO_STORE_FOR_PASSWORD,
  PASSWORD_OF_REMOVED_STORE,
  teamDisplayNameSchema,
  teamStorePasswordSchema,
  vaultPassphraseSchema,
  type ProfileInput,
  type ProfileSummary,
  type ProfileUpdate,
  type StorageStatus,
} from '../../../../shared/profiles';
import { storeAddressProblem } from '../../../../shared/team-store-address';

export type EditableEnvironment = 'live' | 'demo-trading' | 'custom';

export interface ProfileFormValues {
  name: string;
  environment: EditableEnvironment;
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  passphrase: string;
  locale: string;
  /** As typed; checked to be a whole number of milliseconds. */
  timeoutMs: string;
  /** The team store's address; blank: none (when editing: removes the store). */
  teamStoreUrl: string;
  /** The team store's password as typed (spaces count); blank: none, or unchanged when one is stored. */
  teamStorePassword: string;
  /** How the team sees the operator; blank on a new store: the OS user name (main fills it in). */
  teamDisplayName: string;
  /** The vault passphrase, when the secrets need the vault set up or unlocked first; never sent with the profile. */
  vaultPassphrase: string;
  /** The vault passphrase typed again, when it is being chosen. */
  vaultRepeat: string;
}

export type FieldName = keyof ProfileFormValues;
export type FieldErrors = Partial<Record<FieldName, string>>;

export const MIN_TIMEOUT_MS = 1000;
export const MAX_TIMEOUT_MS = 120_000;

export function emptyValues(): ProfileFormValues {
  return {
    name: '',
    environment: 'demo-trading',
    baseUrl: '',
    apiKey: '',
    secretKey: '',
    passphrase: '',
    locale: 'en-US',
    timeoutMs: '10000',
    teamStoreUrl: '',
    teamStorePassword: '',
    teamDisplayName: '',
    vaultPassphrase: '',
    vaultRepeat: '',
  };
}

/** The form of an existing profile: its metadata, and blank secrets meaning "unchanged". */
export function valuesFrom(p: ProfileSummary): ProfileFormValues {
  return {
    ...emptyValues(),
    name: p.name,
    environment: p.environment === 'local-demo' ? 'custom' : p.environment,
    baseUrl: p.environment === 'custom' ? p.baseUrl : '',
    locale: p.locale,
    timeoutMs: String(p.timeoutMs),
    teamStoreUrl: p.teamStore?.url ?? '',
    teamDisplayName: p.teamStore?.displayName ?? '',
  };
}

const SECRET_FIELDS = ['apiKey', 'secretKey', 'passphrase'] as const;

/**
 * Problems found before anything is sent; main checks everything again. `hasStore`: the profile
 * being edited names a team store already.
 */
export function localProblems(
  v: ProfileFormValues,
  mode: 'create' | 'edit',
  hasStoredSecrets = false,
  hasStore = false,
): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.name.trim()) errors.name = 'Name is required';
  if (v.environment === 'custom' && !v.baseUrl.trim()) errors.baseUrl = 'A custom profile needs a base URL';
  const t = v.timeoutMs.trim();
  if (!/^\d+$/.test(t) || Number(t) < MIN_TIMEOUT_MS || Number(t) > MAX_TIMEOUT_MS) {
    errors.timeoutMs = `Whole milliseconds between ${MIN_TIMEOUT_MS} and ${MAX_TIMEOUT_MS}`;
  }
  if (!v.locale.trim()) errors.locale = 'Locale is required, e.g. en-US';
  // Without stored secrets, the three go together (a key alone cannot sign anything).
  if (mode === 'create' || !hasStoredSecrets) {
    const given = SECRET_FIELDS.filter((f) => v[f].trim() !== '');
    if (given.length > 0 && given.length < 3) {
      for (const f of SECRET_FIELDS) if (!v[f].trim()) errors[f] = 'Give this too, or leave all three empty';
    }
  }
  return { ...errors, ...teamStoreProblems(v, mode === 'edit' && hasStore) };
}

/** The team store's fields, with the words main would use. */
function teamStoreProblems(v: ProfileFormValues, hasStore: boolean): FieldErrors {
  const errors: FieldErrors = {};
  const url = v.teamStoreUrl.trim();
  const password = teamStorePasswordSchema.safeParse(v.teamStorePassword);
  if (!password.success) errors.teamStorePassword = password.error.issues[0]?.message;
  if (url === '') {
    if (v.teamStorePassword !== '')
      errors.teamStorePassword = hasStore ? PASSWORD_OF_REMOVED_STORE : NO_STORE_FOR_PASSWORD;
    return errors;
  }
  const problem = storeAddressProblem(url);
  if (problem) errors.teamStoreUrl = problem;
  // Blank on a new store: main names the operator by the OS user. A stored name is not blanked.
  if (v.teamDisplayName.trim() !== '' || hasStore) {
    const name = teamDisplayNameSchema.safeParse(v.teamDisplayName);
    if (!name.success) errors.teamDisplayName = name.error.issues[0]?.message;
  }
  return errors;
}

function secretsOf(v: ProfileFormValues): Pick<ProfileInput, 'apiKey' | 'secretKey' | 'passphrase'> {
  const out: Pick<ProfileInput, 'apiKey' | 'secretKey' | 'passphrase'> = {};
  for (const f of SECRET_FIELDS) if (v[f].trim()) out[f] = v[f].trim();
  return out;
}

function metadataOf(v: ProfileFormValues): ProfileInput {
  return {
    name: v.name.trim(),
    environment: v.environment,
    ...(v.environment === 'custom' ? { baseUrl: v.baseUrl.trim() } : {}),
    ...secretsOf(v),
    locale: v.locale.trim(),
    timeoutMs: Number(v.timeoutMs.trim()),
  };
}

/** A new profile: the team store only with an address; a blank password or name is left out. */
export function toCreateInput(v: ProfileFormValues): ProfileInput {
  const url = v.teamStoreUrl.trim();
  const name = v.teamDisplayName.trim();
  return {
    ...metadataOf(v),
    ...(url
      ? {
          teamStoreUrl: url,
          ...(v.teamStorePassword !== '' ? { teamStorePassword: v.teamStorePassword } : {}),
          ...(name ? { teamDisplayName: name } : {}),
        }
      : {}),
  };
}

/**
 * Every metadata field is sent (main fills missing ones with defaults); blank secrets are left out.
 * Of the team store only what changed from `store` (the profile's, as listed): a blanked address
 * removes it, a blank password keeps the stored one.
 */
export function toUpdateInput(id: string, v: ProfileFormValues, store?: ProfileSummary['teamStore']): ProfileUpdate {
  const url = v.teamStoreUrl.trim();
  const name = v.teamDisplayName.trim();
  const before = store?.url ?? '';
  if (url === '') return { id, ...metadataOf(v), ...(before !== '' ? { teamStoreUrl: '' } : {}) };
  return {
    id,
    ...metadataOf(v),
    ...(url !== before ? { teamStoreUrl: url } : {}),
    ...(v.teamStorePassword !== '' ? { teamStorePassword: v.teamStorePassword } : {}),
    ...(name && name !== store?.displayName ? { teamDisplayName: name } : {}),
  };
}

/** Main's validation details ("field: message") mapped onto the form's fields. */
export function fieldErrorsFromDetails(details: readonly string[] | undefined): FieldErrors {
  const errors: FieldErrors = {};
  const known = new Set<string>([
    'name',
    'environment',
    'baseUrl',
    'apiKey',
    'secretKey',
    'passphrase',
    'locale',
    'timeoutMs',
    'teamStoreUrl',
    'teamStorePassword',
    'teamDisplayName',
  ]);
  for (const line of details ?? []) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const field = line.slice(0, colon).trim();
    if (known.has(field)) errors[field as FieldName] ??= line.slice(colon + 1).trim();
  }
  return errors;
}

/**
 * Whether any secret was typed (blank ones mean "none" when adding, "unchanged" when editing): an
 * API secret, or the team store's password (sealed the same way).
 */
export function hasTypedSecrets(v: ProfileFormValues): boolean {
  return SECRET_FIELDS.some((f) => v[f].trim() !== '') || v.teamStorePassword !== '';
}

/**
 * What the vault needs before the typed secrets can be sealed: nothing (the OS keyring takes them,
 * the vault is unlocked, or no secret was typed), a first passphrase, or the passphrase to unlock it.
 */
export type VaultStep = 'none' | 'setup' | 'unlock';

export function vaultStepFor(storage: Pick<StorageStatus, 'sealsWith' | 'vault'>, v: ProfileFormValues): VaultStep {
  if (storage.sealsWith !== 'passphrase' || !hasTypedSecrets(v)) return 'none';
  if (storage.vault === 'unset') return 'setup';
  if (storage.vault === 'locked') return 'unlock';
  return 'none';
}

/** Problems with the vault fields before anything is sent: length when choosing one, and the repeat. */
export function vaultProblems(step: VaultStep, v: ProfileFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (step === 'unlock') {
    if (v.vaultPassphrase === '') errors.vaultPassphrase = 'Enter the vault passphrase';
  } else if (step === 'setup') {
    const problem = newPassphraseProblem(v.vaultPassphrase);
    if (problem !== undefined) errors.vaultPassphrase = problem;
    else if (v.vaultRepeat === '') errors.vaultRepeat = 'Type the passphrase again';
    else if (v.vaultRepeat !== v.vaultPassphrase) errors.vaultRepeat = 'The two passphrases differ';
  }
  return errors;
}

/** Why a newly chosen vault passphrase is refused, or undefined when it is fine (spaces count). */
export function newPassphraseProblem(passphrase: string): string | undefined {
  if (passphrase === '') return 'Choose a vault passphrase';
  const r = vaultPassphraseSchema.safeParse(passphrase);
  return r.success ? undefined : (r.error.issues[0]?.message ?? 'Not a valid passphrase');
}

/** The change-passphrase dialog's values and their problems before sending. */
export interface ChangePassphraseValues {
  current: string;
  next: string;
  repeat: string;
}
export type ChangePassphraseErrors = Partial<Record<keyof ChangePassphraseValues, string>>;

export function changePassphraseProblems(v: ChangePassphraseValues): ChangePassphraseErrors {
  const errors: ChangePassphraseErrors = {};
  if (v.current === '') errors.current = 'Enter the current passphrase';
  const next = v.next === '' ? 'Choose a new passphrase' : newPassphraseProblem(v.next);
  if (next !== undefined) errors.next = next;
  else if (v.repeat === '') errors.repeat = 'Type the new passphrase again';
  else if (v.repeat !== v.next) errors.repeat = 'The two new passphrases differ';
  return errors;
}

/** Main's validation details for a change of passphrase ("current: …", "next: …") mapped onto the fields. */
export function changeErrorsFromDetails(details: readonly string[] | undefined): ChangePassphraseErrors {
  const errors: ChangePassphraseErrors = {};
  for (const line of details ?? []) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim();
    if (key === 'current' || key === 'next') errors[key] ??= line.slice(colon + 1).trim();
  }
  return errors;
}

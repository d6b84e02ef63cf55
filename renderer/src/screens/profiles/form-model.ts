/**
 * The add/edit profile form as plain data: what the fields hold, what is wrong with them before
 * sending, and the request main receives. Secrets live here only while the form is open.
 */
import type { ProfileInput, ProfileSummary, ProfileUpdate } from '../../../../shared/profiles';

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
  acceptWeakStorage: boolean;
}

export type FieldName = Exclude<keyof ProfileFormValues, 'acceptWeakStorage'>;
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
    acceptWeakStorage: false,
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
    acceptWeakStorage: p.storage === 'weak-accepted',
  };
}

const SECRET_FIELDS = ['apiKey', 'secretKey', 'passphrase'] as const;

/** Problems found before anything is sent; main checks everything again. */
export function localProblems(v: ProfileFormValues, mode: 'create' | 'edit', hasStoredSecrets = false): FieldErrors {
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
  return errors;
}

function secretsOf(v: ProfileFormValues): Pick<ProfileInput, 'apiKey' | 'secretKey' | 'passphrase'> {
  const out: Pick<ProfileInput, 'apiKey' | 'secretKey' | 'passphrase'> = {};
  for (const f of SECRET_FIELDS) if (v[f].trim()) out[f] = v[f].trim();
  return out;
}

export function toCreateInput(v: ProfileFormValues): ProfileInput {
  return {
    name: v.name.trim(),
    environment: v.environment,
    ...(v.environment === 'custom' ? { baseUrl: v.baseUrl.trim() } : {}),
    ...secretsOf(v),
    locale: v.locale.trim(),
    timeoutMs: Number(v.timeoutMs.trim()),
    acceptWeakStorage: v.acceptWeakStorage,
  };
}

/** Every metadata field is sent (main fills missing ones with defaults); blank secrets are left out. */
export function toUpdateInput(id: string, v: ProfileFormValues): ProfileUpdate {
  return { id, ...toCreateInput(v) };
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
  ]);
  for (const line of details ?? []) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const field = line.slice(0, colon).trim();
    if (known.has(field)) errors[field as FieldName] ??= line.slice(colon + 1).trim();
  }
  return errors;
}

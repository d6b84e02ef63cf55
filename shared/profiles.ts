/** Profiles as the renderer sees them: masked metadata only, never a secret. */
import { z } from 'zod';
import { ILL_FORMED_TEXT, isWellFormedText } from './schemas';
import { MAX_STORE_ADDRESS, storeAddressProblem } from './team-store-address';

export const ENVIRONMENTS = ['local-demo', 'demo-trading', 'live', 'custom'] as const;
export const environmentSchema = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof environmentSchema>;

export const LIVE_BASE_URL = 'https://api.bitget.com';

export const ENVIRONMENT_LABELS: Readonly<Record<Environment, string>> = {
  'local-demo': 'Local demo',
  'demo-trading': 'Demo trading',
  live: 'LIVE',
  custom: 'Custom',
};

/**
 * How the profile's secrets are kept: by the OS keychain (strong), by the passphrase vault, by
 * Chromium's hard-coded key because the user accepted it in an earlier version (weak, still read),
 * not at all, or built in (the local demo's public account).
 */
export const storageStrengthSchema = z.enum(['os-encrypted', 'passphrase', 'weak-accepted', 'none', 'builtin']);
export type StorageStrength = z.infer<typeof storageStrengthSchema>;

/**
 * The outcome of a profile's last "Test connection", kept so the desk can warn before a profile
 * whose test failed is used (the header, the amend desk). `headline` is a few words for the header
 * ("API key not known (40006)"); `message` is the full explanation.
 */
export const lastTestSchema = z.object({
  ok: z.boolean(),
  /** When the test finished (ms since the epoch). */
  at: z.number(),
  headline: z.string(),
  message: z.string(),
  /** The profile's host has answered no request since this time, after the test: the test is stale. */
  hostSilentSince: z.number().optional(),
});
export type LastTest = z.infer<typeof lastTestSchema>;

export const profileSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  environment: environmentSchema,
  baseUrl: z.string(),
  locale: z.string(),
  timeoutMs: z.number().int(),
  /** Last four characters of the API key, e.g. "…3f9a"; null when no key is stored. */
  apiKeyHint: z.string().nullable(),
  hasSecret: z.boolean(),
  hasPassphrase: z.boolean(),
  storage: storageStrengthSchema,
  /** Its secrets are in the passphrase vault, which is locked: they cannot be used until it is unlocked. */
  locked: z.boolean(),
  builtin: z.boolean(),
  active: z.boolean(),
  /** Absent until the profile is tested; forgotten when its host or credentials change. */
  lastTest: lastTestSchema.optional(),
  /**
   * Present when profiles.json was changed outside UTA Desk so the profile points elsewhere than its
   * secrets were sealed for (the destination given here): its secrets are used for no request until
   * the operator confirms the new destination (confirmProfileDestination) or enters them again.
   */
  tampered: z.object({ environment: z.string(), baseUrl: z.string() }).optional(),
  /** The profile's team store, when it names one: never its password, only whether one is stored. */
  teamStore: z
    .object({
      /** postgres://[user@]host[:port]/db[?sslmode=…], as the operator gave it. */
      url: z.string(),
      /** The name the operator goes by on the team. */
      displayName: z.string(),
      hasPassword: z.boolean(),
      /**
       * Why the store cannot be used as it stands, in words: profiles.json was changed outside UTA
       * Desk (an address refused, or one other than its password was sealed for).
       */
      problem: z.string().optional(),
    })
    .optional(),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

/**
 * The passphrase vault: secrets sealed with a key derived from a passphrase the operator chose.
 * `unset` until the first secret is stored in it; `locked` until unlocked once per session.
 */
export const VAULT_STATES = ['unset', 'locked', 'unlocked'] as const;
export const vaultStateSchema = z.enum(VAULT_STATES);
export type VaultState = z.infer<typeof vaultStateSchema>;

export const storageStatusSchema = z.object({
  /** OS storage backend ("keychain", "dpapi", "gnome_libsecret", "basic_text", "unavailable", …). */
  backend: z.string(),
  /** The OS keyring protects secrets; when false, new secrets go to the passphrase vault. */
  strong: z.boolean(),
  /** Where new secrets are sealed. */
  sealsWith: z.enum(['os', 'passphrase']),
  vault: vaultStateSchema,
  /** What the operator should know about the storage, in words (a weak keyring, a file that was moved aside). */
  warning: z.string().optional(),
});
export type StorageStatus = z.infer<typeof storageStatusSchema>;

// A header value may not hold control characters: fetch would refuse it before sending anything.
const secret = z
  .string()
  .trim()
  .min(1)
  .max(512)
  .regex(/^[^\p{Cc}]*$/u, 'Must not contain control characters (line breaks, tabs)')
  .refine(isWellFormedText, ILL_FORMED_TEXT);

/** The vault passphrase, as typed (spaces count); only its length is checked. */
export const MIN_VAULT_PASSPHRASE = 8;
export const vaultPassphraseSchema = z
  .string()
  .min(MIN_VAULT_PASSPHRASE, `At least ${MIN_VAULT_PASSPHRASE} characters`)
  .max(1024, 'At most 1024 characters')
  .refine(isWellFormedText, ILL_FORMED_TEXT);

/** The team store's address; '' names none (on an update: removes the store). */
const teamStoreUrl = z
  .string()
  .trim()
  .max(MAX_STORE_ADDRESS, `At most ${MAX_STORE_ADDRESS} characters`)
  .refine(isWellFormedText, ILL_FORMED_TEXT)
  .superRefine((url, ctx) => {
    // An address too long is refused once, by max above.
    const problem = url === '' || url.length > MAX_STORE_ADDRESS ? undefined : storeAddressProblem(url);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * The team store's password, as typed (spaces count, as they do in PostgreSQL): sealed, never
 * returned. '' means none when adding, unchanged when editing.
 */
export const teamStorePasswordSchema = z
  .string()
  .max(1024, 'At most 1024 characters')
  .regex(/^[^\p{Cc}]*$/u, 'Must not contain control characters (line breaks, tabs)')
  .refine(isWellFormedText, ILL_FORMED_TEXT)
  .refine((s) => s === '' || s.trim() !== '', 'Only spaces: type the password, or leave the field empty');

export const MAX_DISPLAY_NAME = 64;
/** How the team sees the operator. Main gives the OS user name when none is given. */
export const teamDisplayNameSchema = z
  .string()
  .trim()
  .min(1, `Display name is 1 to ${MAX_DISPLAY_NAME} characters`)
  .max(MAX_DISPLAY_NAME, `Display name is 1 to ${MAX_DISPLAY_NAME} characters`)
  .regex(/^[^\p{Cc}]*$/u, 'Must not contain control characters (line breaks, tabs)')
  .refine(isWellFormedText, ILL_FORMED_TEXT);

export const NO_STORE_FOR_PASSWORD = 'A store password needs a store address';
export const NO_STORE_FOR_NAME = 'A display name is for the team store: give its address too';
export const PASSWORD_OF_REMOVED_STORE =
  'The store is being removed, and its password with it: leave Store password empty';

const profileFields = {
  name: z.string().trim().min(1, 'Name is required').max(64).refine(isWellFormedText, ILL_FORMED_TEXT),
  environment: z.enum(['demo-trading', 'live', 'custom']),
  /** Required for custom; ignored otherwise. https only, except loopback. */
  baseUrl: z.string().trim().max(2048).refine(isWellFormedText, ILL_FORMED_TEXT).optional(),
  apiKey: secret.optional(),
  secretKey: secret.optional(),
  passphrase: secret.optional(),
  locale: z.string().trim().min(2).max(16).refine(isWellFormedText, ILL_FORMED_TEXT),
  timeoutMs: z.number().int().min(1000).max(120000),
  teamStoreUrl,
  teamStorePassword: teamStorePasswordSchema,
  teamDisplayName: teamDisplayNameSchema,
};

export const profileInputSchema = z
  .strictObject({
    ...profileFields,
    locale: profileFields.locale.default('en-US'),
    timeoutMs: profileFields.timeoutMs.default(10000),
    teamStoreUrl: teamStoreUrl.optional(),
    teamStorePassword: teamStorePasswordSchema.optional(),
    teamDisplayName: teamDisplayNameSchema.optional(),
  })
  .superRefine((p, ctx) => {
    // Without an address there is no store: nothing of one may be given.
    if (p.teamStoreUrl) return;
    if (p.teamStorePassword)
      ctx.addIssue({ code: 'custom', path: ['teamStorePassword'], message: NO_STORE_FOR_PASSWORD });
    if (p.teamDisplayName !== undefined)
      ctx.addIssue({ code: 'custom', path: ['teamDisplayName'], message: NO_STORE_FOR_NAME });
  });
export type ProfileInput = z.input<typeof profileInputSchema>;

/**
 * Every field optional and without defaults: an update that omits a field leaves it unchanged. A
 * blank store password leaves the stored one; teamStoreUrl '' removes the store, its password and
 * display name with it.
 */
export const profileUpdateSchema = z
  .strictObject(profileFields)
  .partial()
  .extend({ id: z.string().min(1).max(64).refine(isWellFormedText, ILL_FORMED_TEXT) })
  .superRefine((u, ctx) => {
    if (u.teamStoreUrl !== '') return;
    if (u.teamStorePassword)
      ctx.addIssue({
        code: 'custom',
        path: ['teamStorePassword'],
        message: PASSWORD_OF_REMOVED_STORE,
      });
    if (u.teamDisplayName !== undefined)
      ctx.addIssue({ code: 'custom', path: ['teamDisplayName'], message: NO_STORE_FOR_NAME });
  });
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const connectionTestSchema = z.object({
  ok: z.boolean(),
  /** How long the last request of the test took; null when no request completed (nothing answered). */
  latencyMs: z.number().nullable(),
  /** Local clock minus server clock, in ms, when it could be measured. */
  skewMs: z.number().nullable(),
  message: z.string(),
  /** A few words for tight places: "Connection OK", "API key not known (40006)", "no answer in time". */
  headline: z.string(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

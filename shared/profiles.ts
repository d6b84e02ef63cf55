/** Profiles as the renderer sees them: masked metadata only, never a secret. */
import { z } from 'zod';

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
 * How the profile's secrets are kept: by the OS keychain (strong), by Chromium's hard-coded key
 * because the user accepted it (weak), not at all, or built in (the local demo's public account).
 */
export const storageStrengthSchema = z.enum(['os-encrypted', 'weak-accepted', 'none', 'builtin']);
export type StorageStrength = z.infer<typeof storageStrengthSchema>;

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
  builtin: z.boolean(),
  active: z.boolean(),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

export const storageStatusSchema = z.object({
  /** safeStorage backend name ("keychain", "dpapi", "gnome_libsecret", "basic_text", "unavailable", …). */
  backend: z.string(),
  strong: z.boolean(),
  /** Why secrets cannot be stored strongly, in words; absent when strong. */
  warning: z.string().optional(),
});
export type StorageStatus = z.infer<typeof storageStatusSchema>;

const secret = z.string().trim().min(1).max(512);

const profileFields = {
  name: z.string().trim().min(1, 'Name is required').max(64),
  environment: z.enum(['demo-trading', 'live', 'custom']),
  /** Required for custom; ignored otherwise. https only, except loopback. */
  baseUrl: z.string().trim().optional(),
  apiKey: secret.optional(),
  secretKey: secret.optional(),
  passphrase: secret.optional(),
  locale: z.string().trim().min(2).max(16),
  timeoutMs: z.number().int().min(1000).max(120000),
  /** The user accepted that secrets are kept with a weak (hard-coded key) encryption. */
  acceptWeakStorage: z.boolean(),
};

export const profileInputSchema = z.strictObject({
  ...profileFields,
  locale: profileFields.locale.default('en-US'),
  timeoutMs: profileFields.timeoutMs.default(10000),
  acceptWeakStorage: profileFields.acceptWeakStorage.default(false),
});
export type ProfileInput = z.input<typeof profileInputSchema>;

/** Every field optional and without defaults: an update that omits a field leaves it unchanged. */
export const profileUpdateSchema = z
  .strictObject(profileFields)
  .partial()
  .extend({ id: z.string().min(1) });
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const connectionTestSchema = z.object({
  ok: z.boolean(),
  latencyMs: z.number(),
  /** Local clock minus server clock, in ms, when it could be measured. */
  skewMs: z.number().nullable(),
  message: z.string(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

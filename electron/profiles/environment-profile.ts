/**
 * The "environment" profile: credentials from BITGET_API_KEY, BITGET_API_SECRET and
 * BITGET_API_PASSPHRASE, for a core the CLI runs in process. It is never saved to profiles.json: it
 * stands in front of the stored profiles for that core's life, so its attempts are recorded in
 * Activity under "environment (key …abcd)" (the key's last four characters only).
 */
import { deskError } from '../../shared/errors';
import { LIVE_BASE_URL, type Environment, type ProfileSummary } from '../../shared/profiles';
import { ExchangeClient } from '../exchange/client';
import type { ActiveSession, EnvironmentProfile, ProfileService } from '../core/context';
import { apiKeyHint } from './vault';

export const ENVIRONMENT_PROFILE_ID = 'environment';

export function environmentProfileName(apiKey: string): string {
  return `environment (key ${apiKeyHint(apiKey)})`;
}

function environmentOf(p: EnvironmentProfile): Environment {
  if (p.demoTrading) return 'demo-trading';
  return p.baseUrl === LIVE_BASE_URL ? 'live' : 'custom';
}

/** The stored profiles as they are, with the environment profile active in front of them. */
export function withEnvironmentProfile(stored: ProfileService, env: EnvironmentProfile): ProfileService {
  const summary: ProfileSummary = {
    id: ENVIRONMENT_PROFILE_ID,
    name: environmentProfileName(env.credentials.apiKey),
    environment: environmentOf(env),
    baseUrl: env.baseUrl,
    locale: env.locale,
    timeoutMs: env.timeoutMs,
    apiKeyHint: apiKeyHint(env.credentials.apiKey),
    hasSecret: true,
    hasPassphrase: true,
    storage: 'none',
    locked: false,
    builtin: false,
    active: true,
  };
  const client = new ExchangeClient({
    baseUrl: env.baseUrl,
    credentials: env.credentials,
    locale: env.locale,
    demoTrading: env.demoTrading,
    timeoutMs: env.timeoutMs,
    clockKey: ENVIRONMENT_PROFILE_ID,
    ...env.client,
  });
  const session: ActiveSession = { profile: summary, client };
  return {
    ...bound(stored),
    list: async () => [summary, ...(await stored.list()).map((p) => ({ ...p, active: false }))],
    select: async () => {
      throw deskError('validation', 'The environment profile is in use for this command; no other can be selected.');
    },
    active: async () => session,
    // The environment's own store, like its credentials (none unless given); the stored profiles keep theirs.
    teamStore: async (id) => (id === ENVIRONMENT_PROFILE_ID ? env.teamStore : stored.teamStore(id)),
  };
}

/** The service's methods bound to it, so they can be spread into a wrapper. */
function bound(s: ProfileService): ProfileService {
  return {
    list: () => s.list(),
    create: (i) => s.create(i),
    update: (i) => s.update(i),
    remove: (id) => s.remove(id),
    select: (id) => s.select(id),
    testConnection: (id) => s.testConnection(id),
    confirmDestination: (id) => s.confirmDestination(id),
    active: () => s.active(),
    teamStore: (id) => s.teamStore(id),
    storageStatus: () => s.storageStatus(),
    setupVault: (p) => s.setupVault(p),
    unlockVault: (p) => s.unlockVault(p),
    lockVault: () => s.lockVault(),
    changeVaultPassphrase: (c, n) => s.changeVaultPassphrase(c, n),
    clockSkewMs: () => s.clockSkewMs(),
  };
}

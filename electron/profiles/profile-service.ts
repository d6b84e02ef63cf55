/**
 * Profiles: the built-in Local demo profile only, for now. The vault-backed service (live,
 * demo-trading and custom profiles with encrypted secrets) replaces this.
 */
import { deskError } from '../../shared/errors';
import type { ProfileSummary } from '../../shared/profiles';
import { DEMO_ACCOUNT } from '../demo-exchange';
import { ExchangeClient } from '../exchange/client';
import type { CoreDeps, ProfileService } from '../core/context';
import type { LocalDemo } from '../core/local-demo';

export const LOCAL_DEMO_PROFILE_ID = 'local-demo';

export function createProfileService(_deps: CoreDeps, localDemo: LocalDemo): ProfileService {
  const summary = (baseUrl: string): ProfileSummary => ({
    id: LOCAL_DEMO_PROFILE_ID,
    name: 'Local demo',
    environment: 'local-demo',
    baseUrl,
    locale: 'en-US',
    timeoutMs: 10000,
    apiKeyHint: `…${DEMO_ACCOUNT.apiKey.slice(-4)}`,
    hasSecret: true,
    hasPassphrase: true,
    storage: 'builtin',
    builtin: true,
    active: true,
  });
  const notYet = () => Promise.reject(deskError('internal', 'Profiles other than Local demo are not built yet.'));
  return {
    list: async () => [summary(await localDemo.url())],
    create: notYet,
    update: notYet,
    remove: notYet,
    select: async (id) => {
      if (id !== LOCAL_DEMO_PROFILE_ID) throw deskError('not-found', `No profile with id ${id}`);
      return summary(await localDemo.url());
    },
    testConnection: notYet,
    active: async () => {
      const baseUrl = await localDemo.url();
      return { profile: summary(baseUrl), client: new ExchangeClient({ baseUrl, credentials: DEMO_ACCOUNT }) };
    },
    storageStatus: () => ({ backend: 'builtin', strong: true }),
    clockSkewMs: () => null,
  };
}

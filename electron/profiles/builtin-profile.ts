/**
 * The built-in Local demo profile: always there, never stored, its exchange started with the app and
 * its keys the demo account's.
 */
import { DEMO_ACCOUNT } from '../../demo-exchange';
import type { LastTest, ProfileSummary } from '../../shared/profiles';
import { ExchangeClient, type ClientConfig } from '../exchange/client';
import { withLastTest } from './stored-profile';
import { apiKeyHint } from './vault';

export const LOCAL_DEMO_PROFILE_ID = 'local-demo';
export const LOCAL_DEMO_NAME = 'Local demo';
/** The Local demo's request timeout in production (a test may shorten it: core-limits.ts). */
export const LOCAL_DEMO_TIMEOUT_MS = 10_000;

export function localDemoSummary(
  baseUrl: string,
  activeId: string,
  lastTest: LastTest | undefined,
  timeoutMs = LOCAL_DEMO_TIMEOUT_MS,
): ProfileSummary {
  return {
    id: LOCAL_DEMO_PROFILE_ID,
    name: LOCAL_DEMO_NAME,
    environment: 'local-demo',
    baseUrl,
    locale: 'en-US',
    timeoutMs,
    apiKeyHint: apiKeyHint(DEMO_ACCOUNT.apiKey),
    hasSecret: true,
    hasPassphrase: true,
    storage: 'builtin',
    locked: false,
    builtin: true,
    active: activeId === LOCAL_DEMO_PROFILE_ID,
    ...withLastTest(lastTest),
  };
}

/** The Local demo's client: the demo account's keys, whatever the settings of the app. */
export function localDemoClient(baseUrl: string, settings: Partial<ClientConfig> = {}): ExchangeClient {
  const { apiKey, secretKey, passphrase } = DEMO_ACCOUNT;
  return new ExchangeClient({
    baseUrl,
    credentials: { apiKey, secretKey, passphrase },
    clockKey: LOCAL_DEMO_PROFILE_ID,
    timeoutMs: LOCAL_DEMO_TIMEOUT_MS,
    ...settings,
  });
}

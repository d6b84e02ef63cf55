/** The Local demo profile as the desk's session reports it, for tests and benchmarks that build a desk by hand. */
import type { ProfileSummary } from '../profiles';

export const LOCAL_DEMO_SUMMARY: ProfileSummary = {
  id: 'local-demo',
  name: 'Local demo',
  environment: 'local-demo',
  baseUrl: 'http://127.0.0.1',
  locale: 'en-US',
  timeoutMs: 10000,
  apiKeyHint: '…0001',
  hasSecret: true,
  hasPassphrase: true,
  storage: 'builtin',
  locked: false,
  builtin: true,
  active: true,
};

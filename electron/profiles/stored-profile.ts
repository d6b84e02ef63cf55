/**
 * A stored profile as it is shown (its summary, never a secret) and as it is used (its exchange
 * client, with its secrets only where they were sealed for).
 */
import type { LastTest, ProfileSummary } from '../../shared/profiles';
import { ExchangeClient, type ClientConfig } from '../exchange/client';
import type { Credentials } from '../exchange/request-headers';
import { sealStateOf, tamperedProblem, type SealState } from './destination-seal';
import type { StoredProfile } from './profile-store';
import { teamStoreSummaryOf } from './profile-team-store';
import type { Vault } from './vault';

/** A stored profile as the renderer sees it: masked metadata, and where it was sealed for if tampered. */
export function summaryOf(
  vault: Vault,
  p: StoredProfile,
  activeId: string,
  lastTest: LastTest | undefined,
): ProfileSummary {
  const seal = sealStateOf(vault, p);
  const summary = {
    ...summarize(p, activeId, vault.passphrase.state === 'unlocked', lastTest),
    ...teamStoreSummaryOf(vault, p),
  };
  if (seal.kind !== 'tampered') return summary;
  const { environment, baseUrl } = seal.sealedFor;
  return { ...summary, tampered: { environment, baseUrl } };
}

/** A stored profile's client: its secrets only where they were sealed for, else the problem in words. */
export function clientFor(vault: Vault, p: StoredProfile, settings: Partial<ClientConfig> = {}): ExchangeClient {
  let credentials: Credentials | undefined;
  let credentialsProblem: string | undefined;
  const seal: SealState = sealStateOf(vault, p);
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
    ...settings,
  });
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
    // Either of its secrets in a locked vault: the API keys, or the team store's password.
    locked: !vaultUnlocked && ((p.storage === 'passphrase' && p.sealed !== null) || storeInVault(p)),
    builtin: false,
    active: p.id === activeId,
    ...withLastTest(lastTest),
  };
}

function storeInVault(p: StoredProfile): boolean {
  return p.teamStore?.password?.storage === 'passphrase';
}

/** The field only when there is a test to tell of: absent means "not tested". */
export function withLastTest(lastTest: LastTest | undefined): { lastTest?: LastTest } {
  return lastTest ? { lastTest } : {};
}

/**
 * "Test connection": measures the clock skew on the public time endpoint, then signs a harmless
 * private read (one open order) and explains the usual failures in words an operator can act on.
 */
import { DeskError, describeError, EXCHANGE_CODE } from '../../shared/errors';
import { ENVIRONMENT_LABELS, type ConnectionTest, type Environment } from '../../shared/profiles';
import type { ExchangeClient } from '../exchange/client';

export interface ConnectionTarget {
  environment: Environment;
  baseUrl: string;
  timeoutMs: number;
  hasCredentials: boolean;
}

/** Beyond this the exchange refuses signatures (older docs: 30 s); the desk corrects for it. */
const SKEW_WORTH_MENTIONING_MS = 1000;

export async function runConnectionTest(
  client: ExchangeClient,
  target: ConnectionTarget,
  now: () => number = Date.now,
): Promise<ConnectionTest> {
  const host = hostOf(target.baseUrl);
  const started = now();
  let skewMs: number | null;
  try {
    skewMs = await client.measureClockSkew();
  } catch (e) {
    return failed(e, target, answered(e) ? now() - started : null, null);
  }
  if (!target.hasCredentials) {
    return {
      ok: false,
      latencyMs: now() - started,
      skewMs,
      message: `${host} answers, but this profile has no API key, secret and passphrase, so signed requests (orders) cannot be made. Add them with Edit.`,
      headline: 'no API key',
    };
  }
  const signedAt = now();
  try {
    await client.getOpenOrders({ limit: 1 });
  } catch (e) {
    return failed(e, target, answered(e) ? now() - signedAt : null, client.clockSkewMs() ?? skewMs);
  }
  const latencyMs = now() - signedAt;
  const skew = client.clockSkewMs() ?? skewMs;
  const skewWords =
    Math.abs(skew) >= SKEW_WORTH_MENTIONING_MS
      ? ` This computer's clock is ${(Math.abs(skew) / 1000).toFixed(1)} s ${skew > 0 ? 'ahead of' : 'behind'} the exchange; the desk corrects its signatures for it.`
      : '';
  // A custom profile's environment is not a venue: its host is the name the operator knows.
  const where = target.environment === 'custom' ? host : `${host} (${ENVIRONMENT_LABELS[target.environment]})`;
  return {
    ok: true,
    latencyMs,
    skewMs: skew,
    message: `Connected to ${where}: the API key, secret and passphrase were accepted.${skewWords}`,
    headline: 'Connection OK',
  };
}

function failed(e: unknown, target: ConnectionTarget, latencyMs: number | null, skewMs: number | null): ConnectionTest {
  return {
    ok: false,
    latencyMs,
    skewMs,
    message: explainConnectionFailure(e, target),
    headline: failureHeadline(e, target),
  };
}

/**
 * Whether the request came back with an answer (a refusal counts): only then is its latency a
 * measurement. A refused connection or a timeout has none, and "0 ms" would read like a fast host.
 */
function answered(e: unknown): boolean {
  return e instanceof DeskError && (e.data.httpStatus !== undefined || e.data.code !== undefined);
}

/** Who the API key must have been created for, in words ("demo trading", "the exchange at host"). */
function keyAudience(target: ConnectionTarget): string {
  switch (target.environment) {
    case 'live':
      return 'live trading';
    case 'demo-trading':
      return 'demo trading';
    case 'local-demo':
      return 'the local demo exchange';
    case 'custom':
      return `the exchange at ${hostOf(target.baseUrl)}`;
  }
}

export function explainConnectionFailure(e: unknown, target: ConnectionTarget): string {
  if (!(e instanceof DeskError))
    return `The test failed unexpectedly: ${e instanceof Error ? e.name : 'unknown error'}.`;
  const d = e.data;
  const host = hostOf(target.baseUrl);
  const code = d.code ? ` (code ${d.code})` : '';
  switch (d.code) {
    case EXCHANGE_CODE.keyOrPassphraseWrong:
      return `The passphrase is wrong for this API key${code}. Use the passphrase you chose when you created the key.`;
    case EXCHANGE_CODE.apiKeyUnknown:
      return `The exchange does not know this API key${code}. Check that it was copied completely and that it was created for ${keyAudience(target)}.`;
    case EXCHANGE_CODE.signatureWrong:
      return `The signature was rejected${code}: the secret key does not belong to this API key. Paste the secret shown when the key was created.`;
    case EXCHANGE_CODE.wrongEnvironment:
      return target.environment === 'demo-trading'
        ? `Wrong environment${code}: this is a live key, but the profile is set to Demo trading. Choose the Live environment or use a demo-trading key.`
        : `Wrong environment${code}: this looks like a demo-trading key. Choose the Demo trading environment for it, or use a live key.`;
    case EXCHANGE_CODE.classicAccount:
      return `This key belongs to a classic account${code}; the desk needs a unified trading account (UTA) key.`;
    case EXCHANGE_CODE.timestampExpired:
      return `The exchange rejected the request time even after correcting for the clock skew${code}. Set this computer's clock to synchronize automatically.`;
    case EXCHANGE_CODE.permissionDenied:
      return `The key lacks the needed permission${code}: give it UTA trade (read) permission, and if it has an IP whitelist, add this computer's public IP address.`;
    case EXCHANGE_CODE.apiKeyMissing:
    case EXCHANGE_CODE.secretMissing:
    case EXCHANGE_CODE.signatureMissing:
    case EXCHANGE_CODE.passphraseMissing:
      return `The exchange did not receive all credentials${code}. Enter the API key, secret and passphrase again.`;
  }
  switch (d.kind) {
    case 'network':
      return `${d.message} Check the base URL, your network connection and any proxy or firewall.`;
    case 'timeout':
      return `${host} did not answer within ${target.timeoutMs} ms. The exchange or your network may be slow; try again or raise the profile's timeout.`;
    case 'rate-limit':
      return `The exchange's rate limit refused the test${code}. Wait a few seconds and try again.`;
    case 'vault':
      return d.message;
    default:
      return describeError(d);
  }
}

/** The failure in a few words, for the header next to the active profile. */
export function failureHeadline(e: unknown, target: ConnectionTarget): string {
  if (!(e instanceof DeskError)) return 'unexpected error';
  const d = e.data;
  const words = d.code ? CODE_HEADLINES[d.code] : undefined;
  if (words) return `${words} (${d.code})`;
  switch (d.kind) {
    case 'network':
      return `${hostOf(target.baseUrl)} not reachable`;
    case 'timeout':
      return 'no answer in time';
    case 'rate-limit':
      return 'rate limited';
    case 'vault':
      return 'secrets not available';
  }
  if (d.code) return `exchange code ${d.code}`;
  return d.httpStatus !== undefined ? `HTTP ${d.httpStatus}` : 'failed';
}

const C = EXCHANGE_CODE;
const CODE_HEADLINES: Readonly<Record<string, string>> = {
  [C.keyOrPassphraseWrong]: 'wrong passphrase',
  [C.apiKeyUnknown]: 'API key not known',
  [C.signatureWrong]: 'wrong secret key',
  [C.wrongEnvironment]: 'wrong environment',
  [C.classicAccount]: 'classic account key',
  [C.timestampExpired]: 'clock rejected',
  [C.permissionDenied]: 'permission missing',
  [C.apiKeyMissing]: 'credentials incomplete',
  [C.secretMissing]: 'credentials incomplete',
  [C.signatureMissing]: 'credentials incomplete',
  [C.passphraseMissing]: 'credentials incomplete',
};

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

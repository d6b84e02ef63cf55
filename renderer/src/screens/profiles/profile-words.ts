/** Words and badge styles for environments and storage strengths, shared by the screen's parts. */
import type { Environment, LastTest, StorageStatus, StorageStrength, VaultState } from '../../../../shared/profiles';
import { formatRelative } from '../../instruments/format';

export const ENVIRONMENT_BADGE: Readonly<Record<Environment, { text: string; className: string }>> = {
  live: { text: 'LIVE', className: 'badge pf-badge-live' },
  'demo-trading': { text: 'Demo trading', className: 'badge badge-ok' },
  'local-demo': { text: 'Local demo', className: 'badge badge-ok' },
  custom: { text: 'Custom', className: 'badge badge-warn' },
};

export const ENVIRONMENT_OPTIONS: ReadonlyArray<{ value: 'live' | 'demo-trading' | 'custom'; label: string }> = [
  { value: 'demo-trading', label: 'Demo trading (live host, paper trading)' },
  { value: 'live', label: 'LIVE (real orders)' },
  { value: 'custom', label: 'Custom base URL' },
];

export const STORAGE_WORDS: Readonly<Record<StorageStrength, { text: string; className: string; title: string }>> = {
  'os-encrypted': {
    text: 'OS-encrypted',
    className: 'badge badge-ok',
    title: 'Secrets are encrypted by the operating system keyring.',
  },
  passphrase: {
    text: 'Passphrase vault',
    className: 'badge badge-ok',
    title:
      "Secrets are sealed with AES-256-GCM under a key derived (scrypt) from the operator's vault passphrase; they can be used once the vault is unlocked.",
  },
  'weak-accepted': {
    text: 'Weak storage (older version)',
    className: 'badge badge-warn',
    title:
      'Stored by an earlier version with a key built into the app, because this system had no keyring. Enter the keys again to seal them properly.',
  },
  none: {
    text: 'No credentials',
    className: 'badge',
    title: 'No API key is stored: only public market data can be read.',
  },
  builtin: {
    text: 'Built-in demo account',
    className: 'badge badge-info',
    title: "The local demo exchange's public demo account.",
  },
};

export const VAULT_STATE_WORDS: Readonly<Record<VaultState, string>> = {
  unset: 'no passphrase chosen yet',
  locked: 'locked',
  unlocked: 'unlocked for this session',
};

/** Where new secrets go, in words: the OS keyring, or the passphrase vault and its state. */
export function storageSummary(s: StorageStatus): string {
  if (s.sealsWith === 'os') return `Protected by the operating system (${s.backend})`;
  const why = s.backend === 'unavailable' ? 'no OS keyring here' : `the OS keyring here is weak: ${s.backend}`;
  return `Passphrase vault (${why}) · ${VAULT_STATE_WORDS[s.vault]}`;
}

/** "1 profile" / "3 profiles". */
export function profileCount(n: number): string {
  return `${n} profile${n === 1 ? '' : 's'}`;
}

/** "+1.2 s" / "−0.3 s" for a skew in ms (local minus exchange). */
export function skewText(ms: number | null): string {
  if (ms === null) return 'not measured';
  const s = Math.abs(ms) / 1000;
  return `${ms < 0 ? '−' : '+'}${s.toFixed(s < 10 ? 2 : 1)} s`;
}

/** How the header shows the active profile's last connection test. */
export interface LastTestWords {
  tone: 'ok' | 'failed' | 'none';
  /** What is shown: "Connection OK · 12:03", "Last test failed: API key not known (40006)", "Not tested". */
  text: string;
  /** The indicator's accessible name, with the time of a failure too. */
  label: string;
}

export function lastTestWords(
  t: LastTest | undefined,
  now: number = Date.now(),
  environment?: Environment,
): LastTestWords {
  const prefix = 'Connection test of the active profile';
  // The Local demo runs inside the app: there is no remote connection to doubt until a test fails.
  if (!t && environment === 'local-demo')
    return { tone: 'none', text: 'Local', label: `${prefix}: not needed, the Local demo runs inside the app` };
  if (!t) return { tone: 'none', text: 'Not tested', label: `${prefix}: not tested yet` };
  const when = testTime(t.at, now);
  if (t.hostSilentSince !== undefined) {
    const since = testTime(t.hostSilentSince, now);
    return {
      tone: 'failed',
      text: `No answer since ${since}`,
      label: `${prefix}: stale, its host has answered nothing since ${since} (last test at ${when})`,
    };
  }
  return t.ok
    ? { tone: 'ok', text: `Connection OK · ${when}`, label: `${prefix}: OK at ${when}` }
    : {
        tone: 'failed',
        text: `Last test failed: ${t.headline}`,
        label: `${prefix}: failed at ${when}, ${t.headline}`,
      };
}

/** "12:03" today (local time); "2026-11-20 08:00" for another day, so an old result is not taken for a fresh one. */
export function testTime(at: number, now: number = Date.now()): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return d.toDateString() === new Date(now).toDateString()
    ? time
    : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${time}`;
}

/** A card's earlier test, with its age: a result of days ago (another port, another key) reads as old. */
export function earlierTestWords(last: LastTest, now: number): string {
  const result = `Last test ${testTime(last.at, now)} (${formatRelative(last.at, now)}): ${last.ok ? 'connection OK' : `failed, ${last.headline}`}`;
  return last.hostSilentSince === undefined
    ? result
    : `${result} — stale: its host has answered nothing since ${testTime(last.hostSilentSince, now)}; test again`;
}

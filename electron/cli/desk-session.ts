/**
 * Which core the command talks to and which profile signs: the running app's (its active profile),
 * or a core in this process under the user-data lock with --profile NAME, the environment's
 * credentials, or the stored active profile. A vault profile is unlocked here with a passphrase from
 * the terminal, a file descriptor or a file, never from an argument.
 */
import { unwrap } from '../../shared/contract';
import { DeskError } from '../../shared/errors';
import type { ProfileSummary } from '../../shared/profiles';
import type { Credentials } from '../exchange/request-headers';
import { defaultUserDataDir } from '../core/open-core';
import type { GlobalOptions } from './global-options';
import { reachCore, type DeskHost, type HostDeps } from './cli-host';
import type { PassphraseTty } from './secret-input';
import { readVaultPassphrase } from './vault-passphrase';
import { UsageError } from './usage-error';

export const CREDENTIAL_VARIABLES = ['BITGET_API_KEY', 'BITGET_API_SECRET', 'BITGET_API_PASSPHRASE'] as const;

export interface SessionIo {
  env: Readonly<Record<string, string | undefined>>;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** The terminal to ask a vault passphrase on (the process's stdin when it is one). */
  tty?: PassphraseTty;
  host?: HostDeps;
  version?: string;
}

export interface DeskSession {
  host: DeskHost;
  profile: ProfileSummary;
  userDataDir: string;
}

/** All three variables or none; the values are never printed. */
export function credentialsFrom(env: SessionIo['env']): Credentials | undefined {
  const [apiKey, secretKey, passphrase] = CREDENTIAL_VARIABLES.map((v) => env[v]?.trim() || undefined);
  if (!apiKey && !secretKey && !passphrase) return undefined;
  if (!apiKey || !secretKey || !passphrase) {
    const missing = CREDENTIAL_VARIABLES.filter((v) => !env[v]?.trim());
    throw new UsageError(`Set all three credential variables; missing: ${missing.join(', ')}.`);
  }
  return { apiKey, secretKey, passphrase };
}

/** "Local demo", "local-demo" and "local demo" all name the Local demo: by id, or by name in any case. */
function named(p: ProfileSummary, name: string): boolean {
  return p.id === name || p.name.toLowerCase() === name.toLowerCase();
}

/**
 * Opens the session, or throws a UsageError (exit 2: nothing was sent) or the lock's errors (their
 * messages are for the operator).
 */
export async function openDeskSession(global: GlobalOptions, io: SessionIo): Promise<DeskSession> {
  const credentials = credentialsFrom(io.env);
  if (credentials && global.profile)
    throw new UsageError(
      `Give --profile ${global.profile} or the credential variables (${CREDENTIAL_VARIABLES.join(', ')}), not both.`,
    );
  if (!credentials && (global.baseUrlGiven || global.demoTrading))
    throw new UsageError(
      '--base-url and --demo-trading say where the environment credentials sign; a stored profile has its own.',
    );
  const userDataDir = global.userDataDir ?? defaultUserDataDir();
  const deps = io.host ?? {};

  const host = await reachCore(
    userDataDir,
    io.version ?? 'cli',
    credentials
      ? {
          environmentProfile: {
            credentials,
            baseUrl: global.baseUrl,
            demoTrading: global.demoTrading,
            locale: global.locale,
            timeoutMs: global.timeoutMs,
            client: { ...(io.fetch ? { fetch: io.fetch } : {}), ...(io.sleep ? { sleep: io.sleep } : {}) },
          },
        }
      : {},
    deps,
  );
  try {
    const profile =
      host.kind === 'app' ? await appProfile(host, global, credentials) : await chooseProfile(host, global, io);
    return { host, profile, userDataDir };
  } catch (e) {
    await host.close();
    throw e;
  }
}

async function appProfile(app: DeskHost, global: GlobalOptions, credentials: Credentials | undefined) {
  const { activeProfile } = await unwrap(app.api.getAppStatus({}));
  if (credentials)
    throw new UsageError(
      `UTA Desk is running on this folder and signs with its own active profile ("${activeProfile.name}"): ` +
        'the environment credentials are used only when no app runs. Stop the app, or use a stored profile ' +
        `(--profile "${activeProfile.name}", or unset ${CREDENTIAL_VARIABLES.join(', ')}).`,
    );
  if (global.profile && !named(activeProfile, global.profile))
    throw new UsageError(
      `The app running on this folder uses profile "${activeProfile.name}"; switch it there, or stop the app.`,
    );
  return activeProfile;
}

async function chooseProfile(host: DeskHost, global: GlobalOptions, io: SessionIo): Promise<ProfileSummary> {
  const { api } = host;
  if (global.profile) {
    const { profiles } = await unwrap(api.listProfiles({}));
    const wanted = profiles.find((p) => named(p, global.profile as string));
    if (!wanted)
      throw new UsageError(
        `No profile is named "${global.profile}". Profiles: ${profiles.map((p) => `"${p.name}"`).join(', ')}.`,
      );
    // Session only (sessionOnlySelect): the app still opens next on the profile it had.
    if (!wanted.active) await unwrap(api.selectProfile({ id: wanted.id }));
  }
  const { activeProfile } = await unwrap(api.getAppStatus({}));
  if (!activeProfile.locked) return activeProfile;
  const passphrase = await readVaultPassphrase(activeProfile.name, {
    fd: global.passphraseFd,
    env: io.env,
    tty: io.tty,
  });
  try {
    await unwrap(api.unlockVault({ passphrase }));
  } catch (e) {
    if (e instanceof DeskError && e.data.kind === 'vault')
      throw new UsageError(`The vault could not be unlocked: ${e.message} Nothing was sent.`);
    throw e;
  }
  return (await unwrap(api.getAppStatus({}))).activeProfile;
}

/** "environment (key …abcd)" or the profile's name, for the note on stderr. */
export function profileWords(p: ProfileSummary): string {
  return p.id === 'environment' ? p.name : `profile "${p.name}"`;
}

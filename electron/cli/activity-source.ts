/**
 * Where `uta-desk activity` reads: the team store of the profile (--profile NAME, else the folder's
 * selected profile, as the Activity screen does) when it names one, else the folder's own log. The
 * store's password is unsealed as the CLI unseals a profile's API secrets: by the profile service,
 * a vault profile unlocked with the passphrase from --passphrase-fd, the file named by
 * UTA_DESK_VAULT_PASSPHRASE_FILE, or the terminal.
 *
 * Only reading, and no lock: profiles.json is read as it stands (the app replaces it by an atomic
 * rename, so a read sees one whole file). The profile service is given file operations that write
 * nothing (READ_ONLY_FS): it would otherwise, on loading, remove temporary files it takes for stale
 * (a running app's save in progress, here) or move an unreadable file aside, and on unlocking a vault
 * of an earlier version seal it again (refused here: the service says so in a warning and goes on
 * with the vault open in this process only). The vault is unlocked in this process's memory only.
 */
import { access, open, readFile } from 'node:fs/promises';
import { DeskError } from '../../shared/errors';
import { storeAddressWords } from '../../shared/team-store-address';
import { NO_OS_KEYRING } from '../core/open-core';
import { createProfileService } from '../profiles/profile-service';
import { ProfileStore, type StoredProfile, type StoreFs } from '../profiles/profile-store';
import type { TeamStoreSettings } from '../team-store/settings';
import { accountOf } from '../team-store/team-links';
import type { ActivityCommand } from './activity-args';
import type { PassphraseTty } from './secret-input';
import { readVaultPassphrase } from './vault-passphrase';
import { UsageError } from './usage-error';

export type ActivitySource =
  | { kind: 'folder' }
  | {
      kind: 'store';
      settings: Pick<TeamStoreSettings, 'url' | 'password'>;
      /** The profile's exchange: the store's attempts of that account are listed. */
      account: string;
      /** "db.example:5432/team": where, in words (never the password). */
      where: string;
      profileName: string;
    };

export interface SourceIo {
  env: Readonly<Record<string, string | undefined>>;
  tty?: PassphraseTty;
}

/** Why nothing was written: said by a profile service that tried (a warning, never the listing's words). */
function notWritten(): Promise<never> {
  return Promise.reject(Object.assign(new Error('uta-desk activity writes nothing'), { code: 'not written' }));
}

/** The profiles file's operations, reads only: every write is refused, and no temporary file is looked for. */
const READ_ONLY_FS = {
  readFile,
  access,
  readdir: () => Promise.resolve([]),
  open: (path: string, flags?: string) => (flags === 'r' ? open(path, 'r') : notWritten()),
  rename: notWritten,
  rm: notWritten,
  mkdir: notWritten,
} as unknown as StoreFs;

/** Whether the command names this profile: by id, or by name in any case (as --profile does elsewhere). */
function named(p: Pick<StoredProfile, 'id' | 'name'>, name: string): boolean {
  return p.id === name || p.name.toLowerCase() === name.toLowerCase();
}

/**
 * The store to read, or the folder. A profile without a store, one that is not in profiles.json
 * (--profile then only filters the log, as before), or --local: the folder. Throws a UsageError
 * (exit 2) when the store's password cannot be opened.
 */
export async function activitySource(
  c: ActivityCommand & { userDataDir: string },
  io: SourceIo,
): Promise<ActivitySource> {
  if (c.local) return { kind: 'folder' };
  // A first look at the file itself: a folder whose profile names no store never opens the service.
  const loaded = await new ProfileStore(c.userDataDir, Date.now, READ_ONLY_FS).load().catch(() => undefined);
  if (loaded?.kind !== 'loaded') return { kind: 'folder' };
  const { file } = loaded;
  const stored = c.profile
    ? file.profiles.find((p) => named(p, c.profile as string))
    : file.profiles.find((p) => p.id === file.activeProfileId);
  if (!stored?.teamStore) return { kind: 'folder' };

  const service = createProfileService(
    { userDataDir: c.userDataDir, secretBox: NO_OS_KEYRING, version: 'cli' },
    // The Local demo names no store and its exchange is never started here; the address is only listed.
    { url: () => Promise.resolve('http://127.0.0.1:0') },
    { storeFs: READ_ONLY_FS },
  );
  const summary = (await service.list()).find((p) => p.id === stored.id);
  if (!summary) return { kind: 'folder' };
  const settings = await unsealed(async () => {
    if (summary.locked) {
      const passphrase = await readVaultPassphrase(summary.name, { fd: c.passphraseFd, env: io.env, tty: io.tty });
      await service.unlockVault(passphrase).catch((e: unknown) => {
        if (e instanceof DeskError && e.data.kind === 'vault')
          throw new UsageError(`The vault could not be unlocked: ${e.message} Nothing was read.`);
        throw e;
      });
    }
    return service.teamStore(summary.id);
  });
  if (!settings) return { kind: 'folder' };
  return {
    kind: 'store',
    settings: { url: settings.url, ...(settings.password !== undefined ? { password: settings.password } : {}) },
    account: accountOf(summary),
    where: storeAddressWords(settings.url),
    profileName: summary.name,
  };
}

/** The settings, or the words of why the password cannot be opened, with the way to the folder's log. */
async function unsealed(open: () => Promise<TeamStoreSettings | undefined>): Promise<TeamStoreSettings | undefined> {
  const local = `--local lists this folder's own log instead.`;
  try {
    return await open();
  } catch (e) {
    if (e instanceof UsageError) throw new UsageError(`${e.message} ${local}`);
    if (e instanceof DeskError && (e.data.kind === 'vault' || e.data.kind === 'validation'))
      throw new UsageError(`${e.message} ${local}`);
    throw e;
  }
}

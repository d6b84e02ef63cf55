/**
 * Reading profiles.json at start, whatever is wrong with it: the built-in Local demo always works,
 * what cannot be read is reported (and kept aside, or never saved over), and secrets an earlier
 * version sealed without their destination are sealed again, bound to where each profile points.
 */
import { basename } from 'node:path';
import { LOCAL_DEMO_PROFILE_ID } from './builtin-profile';
import { destinationOf, sealStateOf } from './destination-seal';
import type { ProfilesFile, ProfileStore } from './profile-store';
import type { Vault } from './vault';

export interface LoadedProfiles {
  file: ProfilesFile;
  /** Set when the file on disk could not be read and is still there: it must not be saved over. */
  unsavable?: string;
}

/**
 * Whatever is wrong with profiles.json, the built-in Local demo keeps working: an unreadable file
 * (a folder, no permission, an I/O error) or one that cannot be moved aside (a read-only disk)
 * becomes a warning and an empty list, and the file is left as it is.
 */
export async function loadProfiles(
  store: ProfileStore,
  vault: Vault,
  report: (problem: string) => void,
): Promise<LoadedProfiles> {
  let result;
  try {
    result = await store.load();
  } catch (e) {
    const unsavable = `The profiles file could not be read (${errorCode(e)})`;
    report(`${unsavable}: only the Local demo is available. Fix or move ${store.path}, then restart UTA Desk.`);
    return { file: emptyFile(), unsavable };
  }
  if (result.kind === 'missing') return { file: emptyFile() };
  if (result.kind === 'corrupt') {
    const unsavable = result.movedTo ? undefined : `The profiles file could not be read because ${result.reason}`;
    report(
      `The profiles file could not be read because ${result.reason}. ${
        result.movedTo
          ? `It was moved aside to ${basename(result.movedTo)}; add your profiles again (Local demo is active).`
          : `It could not be moved aside (${result.moveError}) and was left as it is; only the Local demo is available.`
      }`,
    );
    return { file: emptyFile(), ...(unsavable ? { unsavable } : {}) };
  }
  const file = withValidActive(result.file);
  vault.passphrase.restore(file.vault);
  const osSealed = file.profiles.filter((p) => p.sealed !== null && vault.opensWithoutPassphrase(p));
  if (osSealed.length > 0 && vault.status().backend === 'unavailable') {
    report('The OS keyring is not available now, so secrets it sealed cannot be used until it is again.');
    return { file };
  }
  const unreadable = osSealed.filter((p) => sealStateOf(vault, p).kind === 'closed');
  if (unreadable.length === 0) return { file: await migrateOsSealed(file, store, vault) };
  const names = unreadable.map((p) => `"${p.name}"`).join(', ');
  const repaired: ProfilesFile = {
    ...file,
    profiles: file.profiles.map((p) =>
      unreadable.includes(p) ? { ...p, sealed: null, storage: 'none', apiKeyHint: null, lastTest: undefined } : p,
    ),
  };
  // Keep what can be read, and the original file aside, so nothing is lost by starting over.
  try {
    const movedTo = await store.moveAside();
    await store.save(repaired);
    report(
      `The secrets of ${names} could not be decrypted (the OS keyring or its key changed). The original file was kept as ${basename(movedTo)}; enter those credentials again.`,
    );
  } catch (e) {
    report(
      `The secrets of ${names} could not be decrypted (the OS keyring or its key changed), and the profiles file could not be rewritten (${errorCode(e)}); it was left as it is.`,
    );
  }
  return { file: repaired };
}

/**
 * Secrets an earlier version sealed with the OS keyring, without their destination: sealed again,
 * bound to where each profile points now, on load. Best effort: if the file cannot be written they
 * are used as they are and the migration is tried at the next start.
 */
async function migrateOsSealed(file: ProfilesFile, store: ProfileStore, vault: Vault): Promise<ProfilesFile> {
  let changed = false;
  const profiles = file.profiles.map((p) => {
    if (p.storage === 'passphrase' || p.sealed === null) return p;
    const seal = sealStateOf(vault, p);
    if (seal.kind !== 'legacy') return p;
    changed = true;
    return { ...p, sealed: vault.resealFor(p, seal.secrets, destinationOf(p)) };
  });
  if (!changed) return file;
  const next = { ...file, profiles };
  try {
    await store.save(next);
    return next;
  } catch (e) {
    console.warn(`[profiles] The profiles could not be sealed again with their destination (${errorCode(e)}).`);
    return file;
  }
}

export function emptyFile(): ProfilesFile {
  return { version: 1, activeProfileId: LOCAL_DEMO_PROFILE_ID, profiles: [] };
}

export function errorCode(e: unknown): string {
  return (e as NodeJS.ErrnoException).code ?? 'I/O error';
}

function withValidActive(file: ProfilesFile): ProfilesFile {
  const known =
    file.activeProfileId === LOCAL_DEMO_PROFILE_ID || file.profiles.some((p) => p.id === file.activeProfileId);
  return known ? file : { ...file, activeProfileId: LOCAL_DEMO_PROFILE_ID };
}

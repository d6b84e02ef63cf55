/**
 * A profile's team store: what the renderer sees of it (never the password), the rules of an edit,
 * and the settings the core connects with: the password unsealed in main only, and only for the
 * address it was sealed for. profiles.json can be written by anyone with access to the user's
 * files; an address changed there (another host, or `?host=` pg would follow) gets no password.
 */
import type { z } from 'zod';
import { DeskError, deskError } from '../../shared/errors';
import { excerpt } from '../../shared/excerpt';
import {
  NO_STORE_FOR_NAME,
  NO_STORE_FOR_PASSWORD,
  teamDisplayNameSchema,
  type ProfileSummary,
  type profileUpdateSchema,
} from '../../shared/profiles';
import { storeAddressProblem, storeAddressWords } from '../../shared/team-store-address';
import type { TeamStoreSettings } from '../team-store/settings';
import type { StoredProfile, StoredTeamStore } from './profile-store';
import type { StoreTarget, Vault } from './vault';

export type StorePasswordState =
  /** No password stored: nothing to protect. */
  | { kind: 'none' }
  /** Sealed for this profile and the address it names. */
  | { kind: 'bound'; password: string }
  /** Sealed for another address or profile: profiles.json was changed outside UTA Desk. */
  | { kind: 'tampered'; sealedFor: StoreTarget }
  /** Cannot be opened now (a locked vault, a missing keyring, a damaged blob): `problem` says why. */
  | { kind: 'closed'; problem: string };

export function storePasswordStateOf(vault: Vault, id: string, store: StoredTeamStore): StorePasswordState {
  if (!store.password) return { kind: 'none' };
  let opened;
  try {
    opened = vault.unsealStorePassword(id, store.password);
  } catch (e) {
    const problem = e instanceof DeskError ? e.message : 'The stored team store password could not be read.';
    return { kind: 'closed', problem };
  }
  const { sealedFor } = opened;
  if (sealedFor.id === id && sealedFor.url === store.url) return { kind: 'bound', password: opened.password };
  return { kind: 'tampered', sealedFor };
}

/** The store as the Profiles screen shows it: absent without one, never with its password. */
export function teamStoreSummaryOf(vault: Vault, p: StoredProfile): Pick<ProfileSummary, 'teamStore'> {
  const store = p.teamStore;
  if (!store) return {};
  const problem = storeProblem(vault, p, store);
  return {
    teamStore: {
      // An address refused as it stands could hold a password written there by hand: never sent on.
      url: storeAddressProblem(store.url) ? withoutSecrets(store.url) : store.url,
      displayName: excerpt(store.displayName, 64),
      hasPassword: store.password !== undefined,
      ...(problem ? { problem } : {}),
    },
  };
}

/**
 * What the core connects with: the address, the display name and the password, unsealed here only;
 * undefined without a store. Refused in words, with nothing sent anywhere, while the password cannot
 * be opened or was sealed for another address, and when the address or name in profiles.json is
 * not one the app would take.
 */
export function teamStoreSettingsOf(vault: Vault, p: StoredProfile): TeamStoreSettings | undefined {
  const store = p.teamStore;
  if (!store) return undefined;
  const refused = refusedAsStored(store);
  if (refused) throw deskError('validation', `The team store of "${p.name}" cannot be used: ${refused}`);
  const state = storePasswordStateOf(vault, p.id, store);
  if (state.kind === 'closed')
    throw deskError('vault', `The team store password of "${p.name}" cannot be used now: ${state.problem}`);
  if (state.kind === 'tampered') throw deskError('vault', storeTamperedProblem(p, store, state.sealedFor));
  const displayName = teamDisplayNameSchema.parse(store.displayName);
  return { url: store.url, displayName, ...(state.kind === 'bound' ? { password: state.password } : {}) };
}

type StoreFields = Pick<z.output<typeof profileUpdateSchema>, 'teamStoreUrl' | 'teamStorePassword' | 'teamDisplayName'>;

/**
 * The store after an edit (or for a new profile: `current` undefined). teamStoreUrl '' removes the
 * store and its password; a blank password keeps the stored one, sealed again for a new address
 * given in the app (a password sealed for another address stays as it is: it goes nowhere until
 * typed again). A new store's display name is the OS user's name unless one is given.
 */
export function editedTeamStore(
  vault: Vault,
  id: string,
  current: StoredTeamStore | undefined,
  given: StoreFields,
  osUser: string,
): StoredTeamStore | undefined {
  const url = given.teamStoreUrl ?? current?.url;
  if (!url) {
    if (given.teamStoreUrl === undefined) refuseWithoutStore(given);
    return undefined;
  }
  const target = { id, url };
  let password = current?.password;
  if (given.teamStorePassword) password = vault.sealStorePassword(given.teamStorePassword, target);
  else if (current?.password && url !== current.url) {
    const state = storePasswordStateOf(vault, id, current);
    if (state.kind === 'closed')
      throw deskError(
        'vault',
        `${state.problem} The store password is sealed for its address, so the address can only be changed once it can be opened, or with the password typed again.`,
      );
    if (state.kind === 'bound') password = vault.resealStorePassword(current.password.storage, state.password, target);
  }
  return {
    url,
    displayName: given.teamDisplayName ?? current?.displayName ?? osUser,
    ...(password ? { password } : {}),
  };
}

/** A password or a display name for a profile that names no store. */
function refuseWithoutStore(given: StoreFields): void {
  const details = [
    ...(given.teamStorePassword ? [`teamStorePassword: ${NO_STORE_FOR_PASSWORD}`] : []),
    ...(given.teamDisplayName !== undefined ? [`teamDisplayName: ${NO_STORE_FOR_NAME}`] : []),
  ];
  if (details.length > 0) throw deskError('validation', `The profile is not valid: ${details.join('; ')}`, { details });
}

/** Why the store cannot be used as it stands, in words; undefined when it can (or only the vault is locked). */
function storeProblem(vault: Vault, p: StoredProfile, store: StoredTeamStore): string | undefined {
  const refused = refusedAsStored(store);
  if (refused) return refused;
  const state = storePasswordStateOf(vault, p.id, store);
  return state.kind === 'tampered' ? storeTamperedProblem(p, store, state.sealedFor) : undefined;
}

/** The address or display name in profiles.json, refused by the rules of an edit (changed by hand). */
function refusedAsStored(store: StoredTeamStore): string | undefined {
  const address = storeAddressProblem(store.url);
  if (address)
    return `Its address in profiles.json was changed outside UTA Desk and is refused (${address}). Enter it again under Edit.`;
  const name = teamDisplayNameSchema.safeParse(store.displayName);
  if (!name.success)
    return `Its display name in profiles.json was changed outside UTA Desk and is refused (${name.error.issues[0]?.message ?? 'not valid'}). Enter it again under Edit.`;
  return undefined;
}

export function storeTamperedProblem(p: StoredProfile, store: StoredTeamStore, sealedFor: StoreTarget): string {
  const now = storeAddressWords(store.url);
  const was = storeAddressWords(sealedFor.url);
  const change =
    sealedFor.id !== p.id
      ? `its password was sealed for another profile`
      : now === was
        ? `the settings of its address (${now}) are not the ones its password was sealed for`
        : `it now points to ${now}, but its password was sealed for ${was}`;
  return (
    `The team store of "${p.name}" was changed outside UTA Desk: ${change}. The password is sent nowhere ` +
    `until you enter it again on the Profiles screen.`
  );
}

/** The address without a password, parameters or #part; '' when it cannot be read at all. */
function withoutSecrets(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    u.search = '';
    u.hash = '';
    return u.toString();
  } catch {
    return '';
  }
}

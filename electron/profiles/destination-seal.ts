/**
 * Whether a stored profile still points where its secrets were sealed for. profiles.json can be
 * written by anyone with access to the user's files; its metadata decides where the secrets are
 * sent, so a profile whose environment or base URL no longer matches its seal is "tampered": its
 * secrets are used for no request until the operator confirms the new destination or enters them
 * again.
 */
import { DeskError } from '../../shared/errors';
import { ENVIRONMENT_LABELS, type Environment } from '../../shared/profiles';
import type { StoredProfile } from './profile-store';
import { sameDestination, type Destination, type ProfileSecrets, type Vault } from './vault';

export type SealState =
  /** No secrets stored: nothing to protect. */
  | { kind: 'none' }
  /** Sealed for where it points. */
  | { kind: 'bound'; secrets: ProfileSecrets }
  /** Sealed by an earlier version, without its destination: to be sealed again (migration). */
  | { kind: 'legacy'; secrets: ProfileSecrets }
  /** Sealed for another destination: profiles.json was changed outside UTA Desk. */
  | { kind: 'tampered'; secrets: ProfileSecrets; sealedFor: Destination }
  /** Cannot be opened now (a locked vault, a missing keyring, a damaged blob): `problem` says why. */
  | { kind: 'closed'; problem: string };

export function destinationOf(p: Pick<StoredProfile, 'id' | 'environment' | 'baseUrl'>): Destination {
  return { id: p.id, environment: p.environment, baseUrl: p.baseUrl };
}

export function sealStateOf(vault: Vault, p: StoredProfile): SealState {
  if (p.sealed === null) return { kind: 'none' };
  let opened;
  try {
    opened = vault.unseal(p);
  } catch (e) {
    return { kind: 'closed', problem: e instanceof DeskError ? e.message : 'The stored secrets could not be read.' };
  }
  const { secrets, sealedFor } = opened;
  if (!sealedFor) return { kind: 'legacy', secrets };
  if (sameDestination(sealedFor, destinationOf(p))) return { kind: 'bound', secrets };
  return { kind: 'tampered', secrets, sealedFor };
}

/** The destination in words, as the Profiles screen shows it: "Custom, http://127.0.0.1:9000". */
export function destinationWords(d: Pick<Destination, 'environment' | 'baseUrl'>): string {
  const label = ENVIRONMENT_LABELS[d.environment as Environment] ?? d.environment;
  return `${label}, ${d.baseUrl}`;
}

export function tamperedProblem(p: StoredProfile, sealedFor: Destination): string {
  return (
    `The profile "${p.name}" was changed outside UTA Desk: it now points to ${destinationWords(p)}, but its ` +
    `secrets were sealed for ${destinationWords(sealedFor)}. They are not sent anywhere until you confirm the ` +
    `new destination or enter them again on the Profiles screen.`
  );
}

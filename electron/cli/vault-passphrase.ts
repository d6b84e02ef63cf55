/**
 * The vault passphrase of a stored profile, never from an argument: the file descriptor of
 * --passphrase-fd, the file named by UTA_DESK_VAULT_PASSPHRASE_FILE, or a prompt on the terminal
 * with nothing echoed (secret-input.ts). The value is only ever handed to unlockVault.
 */
import { readSecret, type SecretSources } from './secret-input';
import { UsageError } from './usage-error';

export const PASSPHRASE_FILE_VARIABLE = 'UTA_DESK_VAULT_PASSPHRASE_FILE';

/** The passphrase from the first source given; a UsageError when there is none. */
export async function readVaultPassphrase(profileName: string, from: SecretSources): Promise<string> {
  const passphrase = await readSecret(
    {
      what: 'The vault passphrase',
      one: 'a passphrase',
      fdOption: '--passphrase-fd',
      fileVariable: PASSPHRASE_FILE_VARIABLE,
      question: `Vault passphrase for profile "${profileName}": `,
    },
    from,
  );
  if (passphrase !== undefined) return passphrase;
  throw new UsageError(
    `The secrets of profile "${profileName}" are in the passphrase vault: give the passphrase on a terminal, ` +
      `with --passphrase-fd N, or in a file named by ${PASSPHRASE_FILE_VARIABLE}.`,
  );
}

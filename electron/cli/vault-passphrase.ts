/**
 * The vault passphrase of a stored profile, never from an argument: the file descriptor of
 * --passphrase-fd, the file named by UTA_DESK_VAULT_PASSPHRASE_FILE, or a prompt on the terminal
 * with nothing echoed. The value is only ever handed to unlockVault.
 */
import { readFileSync } from 'node:fs';
import { UsageError } from './usage-error';

export const PASSPHRASE_FILE_VARIABLE = 'UTA_DESK_VAULT_PASSPHRASE_FILE';
/** The contract's bound on a passphrase, plus a line ending. */
const MAX_BYTES = 4096;

/** A terminal to ask on: its input in raw mode (no echo) and where the prompt goes. */
export interface PassphraseTty {
  input: NodeJS.ReadStream;
  prompt: { write(text: string): unknown };
}

export interface PassphraseSources {
  fd?: number;
  env: Readonly<Record<string, string | undefined>>;
  tty?: PassphraseTty;
}

/** The passphrase from the first source given; a UsageError when there is none. */
export async function readVaultPassphrase(profileName: string, from: PassphraseSources): Promise<string> {
  if (from.fd !== undefined)
    return fromBytes(read(() => readFileSync(from.fd as number), `--passphrase-fd ${from.fd}`));
  const file = from.env[PASSPHRASE_FILE_VARIABLE]?.trim();
  if (file) return fromBytes(read(() => readFileSync(file), `${PASSPHRASE_FILE_VARIABLE} (${file})`));
  if (from.tty?.input.isTTY) return promptHidden(from.tty, `Vault passphrase for profile "${profileName}": `);
  throw new UsageError(
    `The secrets of profile "${profileName}" are in the passphrase vault: give the passphrase on a terminal, ` +
      `with --passphrase-fd N, or in a file named by ${PASSPHRASE_FILE_VARIABLE}.`,
  );
}

function read(load: () => Buffer, where: string): Buffer {
  let bytes: Buffer;
  try {
    bytes = load();
  } catch (e) {
    throw new UsageError(
      `The vault passphrase could not be read from ${where} (${(e as NodeJS.ErrnoException).code ?? 'I/O error'}).`,
    );
  }
  if (bytes.length > MAX_BYTES)
    throw new UsageError(`${where} holds more than a passphrase (${MAX_BYTES} bytes at most).`);
  return bytes;
}

/** The first line, without its line ending (a file written by `echo` ends with one). */
function fromBytes(bytes: Buffer): string {
  const text = bytes.toString('utf8').split(/\r?\n/)[0] ?? '';
  if (!text) throw new UsageError('The vault passphrase given is empty.');
  return text;
}

/** A line typed on the terminal with nothing echoed (Ctrl+C: a UsageError); also the team store's password. */
export function promptHidden(tty: PassphraseTty, question: string): Promise<string> {
  const { input } = tty;
  tty.prompt.write(question);
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      tty.prompt.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new UsageError('Cancelled: nothing was sent.'));
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else if (typed.length < 1024) typed += ch;
      }
    };
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}

/**
 * A secret the command line reads, never from an argument: the file descriptor an option names, the
 * file an environment variable names, or a line typed on the terminal with nothing echoed, in that
 * order. The vault passphrase and the team store's password are both read this way.
 */
import { readFileSync } from 'node:fs';
import { UsageError } from './usage-error';

/** A terminal to ask on: its input in raw mode (no echo) and where the prompt goes. */
export interface PassphraseTty {
  input: NodeJS.ReadStream;
  prompt: { write(text: string): unknown };
}

/** The contract's bound on a passphrase or password, plus a line ending. */
const MAX_BYTES = 4096;

export interface SecretSources {
  fd?: number;
  env: Readonly<Record<string, string | undefined>>;
  tty?: PassphraseTty;
}

export interface SecretKind {
  /** "The vault passphrase": the words of a failure. */
  what: string;
  /** "a passphrase": what more than MAX_BYTES holds more than. */
  one: string;
  /** "--passphrase-fd" */
  fdOption: string;
  /** "UTA_DESK_VAULT_PASSPHRASE_FILE" */
  fileVariable: string;
  /** The question asked on a terminal. */
  question: string;
}

/** The secret from the first source given; undefined when none is. */
export async function readSecret(kind: SecretKind, from: SecretSources): Promise<string | undefined> {
  if (from.fd !== undefined)
    return firstLine(
      kind,
      read(kind, () => readFileSync(from.fd as number), `${kind.fdOption} ${from.fd}`),
    );
  const file = from.env[kind.fileVariable]?.trim();
  if (file)
    return firstLine(
      kind,
      read(kind, () => readFileSync(file), `${kind.fileVariable} (${file})`),
    );
  if (from.tty?.input.isTTY) return promptHidden(from.tty, kind.question);
  return undefined;
}

function read(kind: SecretKind, load: () => Buffer, where: string): Buffer {
  let bytes: Buffer;
  try {
    bytes = load();
  } catch (e) {
    throw new UsageError(
      `${kind.what} could not be read from ${where} (${(e as NodeJS.ErrnoException).code ?? 'I/O error'}).`,
    );
  }
  if (bytes.length > MAX_BYTES)
    throw new UsageError(`${where} holds more than ${kind.one} (${MAX_BYTES} bytes at most).`);
  return bytes;
}

/** The first line, without its line ending (a file written by `echo` ends with one). */
function firstLine(kind: SecretKind, bytes: Buffer): string {
  const text = bytes.toString('utf8').split(/\r?\n/)[0] ?? '';
  if (!text) throw new UsageError(`${kind.what} given is empty.`);
  return text;
}

/** A line typed on the terminal with nothing echoed (Ctrl+C: a UsageError). */
function promptHidden(tty: PassphraseTty, question: string): Promise<string> {
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

/**
 * One file of an append-only journal of JSON lines: how lines are appended so that a crash can at
 * worst tear the line being written, and how complete lines are read back, the torn one skipped.
 * Shared by the activity log and the instrument change log.
 *
 * An append is acknowledged only once it is on disk (datasync); one that fails partway is cut back;
 * a torn tail left by a crash (or by a failed cut) is fenced off by starting the next append on a
 * fresh line, so it stays the only casualty instead of swallowing the line after it.
 */
import { open, stat, type FileHandle } from 'node:fs/promises';
import type { z } from 'zod';

/** fs.promises.open for journal appends, injectable so tests can make a write fail partway. */
export type OpenFile = (path: string, flags: string, mode?: number) => Promise<FileHandle>;

export interface Appended {
  /** Where the appended text starts in the file. */
  offset: number;
  /** Its length in bytes, without the final newline. */
  length: number;
  /** Whether the file ended inside a line (torn) and a newline was written first to close it. */
  fenced: boolean;
}

const NEWLINE = 0x0a;
const READ_CHUNK = 1024 * 1024;

/**
 * Appends `text` (one or more lines joined by "\n", without the final one) to the file, created
 * readable by its owner only, and syncs it. All of it is on disk when this resolves; none of it is
 * kept when it rejects (unless even cutting back failed: then the next append fences it off).
 */
export async function appendLines(openFile: OpenFile, path: string, text: string): Promise<Appended> {
  const fh = await openFile(path, 'a+', 0o600);
  let sizeBefore: number | undefined;
  try {
    const { size, mode } = await fh.stat();
    sizeBefore = size;
    // A journal may quote what a server echoed: one made by an older version (0644) is narrowed to
    // its owner too.
    if (process.platform !== 'win32' && (mode & 0o077) !== 0) await fh.chmod(0o600);
    // Checked on every append, not once per process: a write can fail partway at any time.
    let prefix = '';
    if (size > 0) {
      const last = Buffer.alloc(1);
      await fh.read(last, 0, 1, size - 1);
      if (last[0] !== NEWLINE) prefix = '\n';
    }
    await fh.appendFile(`${prefix}${text}\n`, 'utf8');
    await fh.datasync();
    return { offset: size + prefix.length, length: Buffer.byteLength(text, 'utf8'), fenced: prefix !== '' };
  } catch (e) {
    // Not acknowledged, so not kept: cut back what this write may have left (ENOSPC halfway, an
    // fsync that failed).
    if (sizeBefore !== undefined) await fh.truncate(sizeBefore).catch(() => undefined);
    throw e;
  } finally {
    await fh.close();
  }
}

/**
 * Calls `onLine` for every complete, non-blank line from byte `from` on (a trailing "\r" removed),
 * with the offset where it starts. Returns where the complete lines end, and whether something
 * follows them: a torn line, left for the next append to fence off. A missing file reads as empty.
 */
export async function scanLines(
  path: string,
  from: number,
  onLine: (line: Buffer, offset: number) => void,
): Promise<{ offset: number; torn: boolean }> {
  let fh: FileHandle;
  try {
    fh = await open(path, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { offset: 0, torn: false };
    throw e;
  }
  try {
    let position = from;
    let carry = Buffer.alloc(0);
    const chunk = Buffer.alloc(READ_CHUNK);
    for (;;) {
      const { bytesRead } = await fh.read(chunk, 0, READ_CHUNK, position);
      if (bytesRead === 0) break;
      const data = carry.length ? Buffer.concat([carry, chunk.subarray(0, bytesRead)]) : chunk.subarray(0, bytesRead);
      const dataStart = position - carry.length;
      let lineStart = 0;
      for (let nl = data.indexOf(NEWLINE); nl >= 0; nl = data.indexOf(NEWLINE, lineStart)) {
        let line = data.subarray(lineStart, nl);
        if (line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
        if (!isBlank(line)) onLine(line, dataStart + lineStart);
        lineStart = nl + 1;
      }
      carry = Buffer.from(data.subarray(lineStart));
      position += bytesRead;
    }
    return { offset: position - carry.length, torn: carry.toString('utf8').trim() !== '' };
  } finally {
    await fh.close();
  }
}

function isBlank(line: Buffer): boolean {
  for (const byte of line) if (byte !== 0x20 && byte !== 0x09) return false;
  return true;
}

/** One journal line as the schema's value; a line that is not JSON or not of the schema is undefined. */
export function parseJsonLine<T extends z.ZodType>(line: Buffer, schema: T): z.output<T> | undefined {
  let json: unknown;
  try {
    json = JSON.parse(line.toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** The file's size in bytes, 0 when it does not exist (yet). */
export async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

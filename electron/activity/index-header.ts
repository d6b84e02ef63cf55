/**
 * The header of the activity log's fixed-record index files (activity.idx, activity.entries): an
 * 8-byte magic naming the file and its version, then how far into the journal the file has caught up.
 * A file whose size is not a whole number of records after the header is torn or of another kind.
 */
import type { FileHandle } from 'node:fs/promises';

export const INDEX_HEADER_BYTES = 32;

/** A position in the journal: segment number and byte offset in it. */
export interface JournalPosition {
  segment: number;
  offset: number;
}

export interface IndexHeader {
  /** Whole records after the header. */
  count: number;
  covered: JournalPosition;
  /** The header's own bytes, for fields a file keeps beside these (bytes 12–15 are free for it). */
  bytes: Buffer;
}

/** The stored header, or undefined when the file is missing its header, torn or of another kind. */
export async function readIndexHeader(
  fh: FileHandle,
  magic: Buffer,
  recordBytes: number,
): Promise<IndexHeader | undefined> {
  const { size } = await fh.stat();
  if (size < INDEX_HEADER_BYTES || (size - INDEX_HEADER_BYTES) % recordBytes !== 0) return undefined;
  const bytes = Buffer.alloc(INDEX_HEADER_BYTES);
  await fh.read(bytes, 0, INDEX_HEADER_BYTES, 0);
  if (!bytes.subarray(0, 8).equals(magic)) return undefined;
  const covered = { segment: bytes.readUInt32LE(8), offset: bytes.readDoubleLE(16) };
  return { count: (size - INDEX_HEADER_BYTES) / recordBytes, covered, bytes };
}

/** Writes the header; `fill` sets a file's own field (bytes 12–15). */
export async function writeIndexHeader(
  fh: FileHandle,
  magic: Buffer,
  covered: JournalPosition,
  fill?: (bytes: Buffer) => void,
): Promise<void> {
  const bytes = Buffer.alloc(INDEX_HEADER_BYTES);
  magic.copy(bytes, 0);
  bytes.writeUInt32LE(covered.segment, 8);
  bytes.writeDoubleLE(covered.offset, 16);
  fill?.(bytes);
  await fh.write(bytes, 0, INDEX_HEADER_BYTES, 0);
}

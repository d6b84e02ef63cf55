/**
 * A failed write to the user-data folder (ENOSPC, EROFS, EIO, …) as a DeskError in words, so that no
 * answer, banner or start-up message ever shows the raw system code. The words themselves live in
 * shared/errors.ts.
 */
import { dirname } from 'node:path';
import { deskError, DeskError, isStorageFailureCode, notRecordedMessage, notSavedMessage } from '../../shared/errors';

/** The system error code of a failed file operation ('ENOSPC'), undefined for anything else. */
export function errnoCode(e: unknown): string | undefined {
  if (!(e instanceof Error)) return undefined;
  const code = (e as NodeJS.ErrnoException).code;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : undefined;
}

/** The folder a failed file operation was about, else `fallback`. */
function folderOf(e: unknown, fallback: string): string {
  const path = e instanceof Error ? (e as NodeJS.ErrnoException).path : undefined;
  return typeof path === 'string' && path !== '' ? dirname(path) : fallback;
}

/** "Not sent: UTA Desk could not record this change — the disk holding … is full. Free space and try again." */
export function notRecordedError(e: unknown, folder: string): DeskError {
  if (e instanceof DeskError && e.data.kind === 'storage') return e;
  return deskError('storage', notRecordedMessage(errnoCode(e), folder));
}

/** A failed write of anything else (a setting, a watched symbol): "Not saved: … Free space and try again." */
export function notSavedError(e: unknown, fallbackFolder = 'the user-data folder'): DeskError | undefined {
  if (e instanceof DeskError) return e.data.kind === 'storage' ? e : undefined;
  const code = errnoCode(e);
  // A missing file is a read's business (most handlers read before they write), not the disk's.
  if (!isStorageFailureCode(code) || code === 'ENOENT') return undefined;
  return deskError('storage', notSavedMessage(code, folderOf(e, fallbackFolder)));
}

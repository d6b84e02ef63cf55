/**
 * This desk's id on team stores: one per user-data folder, kept in `team-desk-id`, so a desk that
 * restarts is the same desk (its lease renewed, its unfinished attempts its own to make unknown).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../storage/atomic-file';

export const DESK_ID_FILE = 'team-desk-id';
const ID = /^[0-9a-f-]{36}$/;

export async function deskId(userDataDir: string): Promise<string> {
  const path = join(userDataDir, DESK_ID_FILE);
  const found = (await readFile(path, 'utf8').catch(() => '')).trim();
  if (ID.test(found)) return found;
  const id = randomUUID();
  await writeFileAtomic(path, `${id}\n`);
  return id;
}

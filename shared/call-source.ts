/**
 * Where an attempt or a run came from: which host carried the call (the desktop window, the browser
 * host's page, or the command line over the local channel) and the OS user the app ran as. Recorded
 * with every attempt and run so an audit can answer "from where, by whom"; older records have none.
 */
import { z } from 'zod';

export const SOURCE_HOSTS = ['desktop', 'browser', 'cli'] as const;
export type SourceHost = (typeof SOURCE_HOSTS)[number];

/** What main records of an OS user name (a longer one is cut; the schema still reads up to 256). */
export const MAX_SOURCE_USER = 64;

export const callSourceSchema = z.object({
  host: z.enum(SOURCE_HOSTS),
  user: z.string().max(256),
  /**
   * Read from a team store: the desk's name on the team and the machine it runs on. Filled from the
   * store's desks table when read (electron/team-store/store-activity-who.ts), never recorded with
   * the attempt: a desk is one row there, whatever it recorded.
   */
  desk: z.string().max(256).optional(),
  machine: z.string().max(256).optional(),
});
export type CallSource = z.infer<typeof callSourceSchema>;

/**
 * What a host tells the core about a call besides its payload. Set by host code only (the local
 * channel's server says 'cli'); never read from a request body, so no page or caller can claim to be
 * another host.
 */
export interface Caller {
  host: SourceHost;
}

export const SOURCE_LABELS: Readonly<Record<SourceHost, string>> = {
  desktop: 'Desktop',
  browser: 'Browser',
  cli: 'CLI',
};

/**
 * "CLI · alice"; from a team store "CLI · alice on desk-2" (the desk's name, then its machine), with
 * the OS user beside a name that is not it ("Desktop · Alice Martin (amartin) on desk-2"); empty for
 * a record made before sources were kept.
 */
export function sourceWords(source: CallSource | undefined): string {
  if (!source) return '';
  const who = source.desk && source.desk !== source.user ? `${source.desk} (${source.user})` : source.user;
  return `${SOURCE_LABELS[source.host]} · ${who}${source.machine ? ` on ${source.machine}` : ''}`;
}

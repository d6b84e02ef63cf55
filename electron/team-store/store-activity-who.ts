/**
 * Who recorded an attempt in the team store, as Activity shows it: the desk's name on the team and
 * its machine join the attempt's source ("CLI · alice on desk-2"). They come from the desks table
 * when read, never from the record, so a record is the same in the store as in a local log. The
 * store's search text is made from the attempt as read, so a search finds "alice on desk-2" too.
 */
import { searchText } from '../../shared/attempt-search';
import type { Attempt } from '../../shared/attempts';
import { SOURCE_HOSTS, type CallSource, type SourceHost } from '../../shared/call-source';

/** A desk as its row in the store says (DeskIdentity is one). */
export interface DeskWho {
  displayName: string;
  hostName: string;
  hostKind: string;
  osUser: string;
}

/** The desks table's columns of it, as a read answers them. */
export interface DeskWhoRow {
  display_name: string;
  host_name: string;
  host_kind: string;
  os_user: string;
}

export function whoOfRow(r: DeskWhoRow): DeskWho {
  return { displayName: r.display_name, hostName: r.host_name, hostKind: r.host_kind, osUser: r.os_user };
}

/**
 * The source with the desk's words. A record without a source (none are written so now) is told
 * as its desk: the host that opened the store and its OS user, the best the store knows.
 */
export function sourceWithWho(source: CallSource | undefined, who: DeskWho): CallSource | undefined {
  const words = { desk: who.displayName, machine: who.hostName };
  if (source) return { ...source, ...words };
  const host = SOURCE_HOSTS.find((h): h is SourceHost => h === who.hostKind);
  return host ? { host, user: who.osUser, ...words } : undefined;
}

export function withWho(a: Attempt, who: DeskWho): Attempt {
  const source = sourceWithWho(a.source, who);
  return source ? { ...a, source } : a;
}

/** What attempts.search_text holds for an attempt its desk records: the search's text of it as read. */
export function storeSearchText(a: Attempt, who: DeskWho): string {
  return searchText(withWho(a, who));
}

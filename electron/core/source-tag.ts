/**
 * The source recorded with an attempt or a run: the host that carried the call (the core's own host
 * unless the call came another way, e.g. the local channel) and the OS user the app runs as. Over the
 * local channel that user is also the caller's: only the same OS user can open the socket.
 */
import { userInfo } from 'node:os';
import { MAX_SOURCE_USER, type Caller, type CallSource, type SourceHost } from '../../shared/call-source';
import { excerpt } from '../../shared/excerpt';

export interface SourceDeps {
  /** The host that created the core: calls it carries itself are tagged with it. */
  host: SourceHost;
  /** The OS user name to record (tests); by default this process's. */
  osUser?: string;
}

let processUser: string | undefined;

/** This process's OS user name, bounded; a numeric id when the system has no name for it (containers). */
export function osUserName(): string {
  if (processUser === undefined) {
    let name: string | undefined;
    try {
      name = userInfo().username;
    } catch {
      // No passwd entry for this uid: the environment's word, else the number.
      name = process.env.USER ?? process.env.LOGNAME ?? process.env.USERNAME;
    }
    processUser = boundUser(name || `uid ${process.getuid?.() ?? 'unknown'}`);
  }
  return processUser;
}

export function callSource(deps: SourceDeps, caller?: Caller): CallSource {
  return { host: caller?.host ?? deps.host, user: deps.osUser !== undefined ? boundUser(deps.osUser) : osUserName() };
}

function boundUser(name: string): string {
  return excerpt(name, MAX_SOURCE_USER - 1);
}

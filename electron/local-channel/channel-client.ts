/**
 * The CLI's side of the running app's local channel. Placeholder until the channel lands: no app is
 * ever found, so the CLI runs the core in process under the user-data lock.
 */
import type { Invoke } from '../../shared/contract';

export interface LocalChannel {
  invoke: Invoke;
  close(): Promise<void>;
}

/** The running app's channel on this user-data folder; undefined when no app runs there. */
export async function connectLocalChannel(userDataDir: string): Promise<LocalChannel | undefined> {
  void userDataDir;
  return undefined;
}

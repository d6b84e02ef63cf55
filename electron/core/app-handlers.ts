import { deskError } from '../../shared/errors';
import type { CoreHandlers } from './handlers';

/** Whether the core still serves: false from the moment it starts closing. */
export interface CoreLife {
  running(): boolean;
  now(): number;
}

/**
 * The heartbeat: answers while the core runs, refuses once it is closing, so a page whose host still
 * accepts connections learns that the core behind it is gone.
 */
export function appHandlers(life: CoreLife): Pick<CoreHandlers, 'pingHost'> {
  return {
    pingHost: async () => {
      if (!life.running()) throw deskError('internal', 'UTA Desk is stopping: its core no longer answers.');
      return { at: life.now() };
    },
  };
}

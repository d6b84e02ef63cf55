/**
 * An attempt's outcome as the CLI says it: applied; not applied, with the exchange's words;
 * unknown — check the order. One mapping for `modify` and each item of `modify-batch`, and the exit
 * code it gives (3 for unknown wins over 1 for anything else not applied).
 */
import type { AttemptStatus } from '../../shared/attempts';
import type { RunItemStatus } from '../../shared/batch-run';
import { EXIT } from './failure';

export type OutcomeWord =
  | 'applied'
  /** --no-follow: the exchange accepted it; the matching engine applies it afterwards. */
  | 'accepted'
  | 'not applied'
  | 'rejected'
  | 'refused'
  | 'unknown'
  | 'not sent'
  | 'excluded';

export function outcomeWord(status: AttemptStatus | RunItemStatus): OutcomeWord {
  switch (status) {
    case 'applied':
      return 'applied';
    case 'following':
      return 'accepted';
    case 'failed':
    case 'cancelled':
      return 'not applied';
    case 'rejected':
      return 'rejected';
    case 'refused':
      return 'refused';
    case 'excluded':
      return 'excluded';
    case 'unknown':
    // Still on the wire when the CLI stopped looking: nobody knows yet.
    // eslint-disable-next-line no-fallthrough
    case 'sending':
      return 'unknown';
    case 'queued':
    case 'not-sent':
      return 'not sent';
  }
}

/** 0 every item applied (or accepted with --no-follow); 3 any unknown; 1 anything else. */
export function exitCodeOfOutcomes(words: readonly OutcomeWord[]): number {
  if (words.includes('unknown')) return EXIT.unreachable;
  return words.every((w) => w === 'applied' || w === 'accepted') ? EXIT.ok : EXIT.rejected;
}

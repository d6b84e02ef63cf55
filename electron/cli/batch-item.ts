/**
 * One modification of a `modify-batch` run, whatever produced it: a line of a file, or an open order
 * a rule was planned for. The dry run's checks and the run's requests are made from these.
 */
import type { AmendDraft } from '../../shared/amend-rules';
import type { Order } from '../../shared/schemas';

export interface BatchItem extends AmendDraft {
  /** 1-based position in the run, the "#" of every table. */
  index: number;
  /** Where the item came from, for messages: "line 4" of a CSV file, "item 2" of a JSON file. */
  where: string;
  /** The order as already read, when the producer listed it; otherwise the planner looks it up. */
  order?: Order;
}

/**
 * One modification of a `modify-batch --file` run: a line of a CSV file or an item of a JSON file.
 * The dry run's checks and the run's requests are made from these.
 */
import type { AmendDraft } from '../../shared/amend-draft';

export interface BatchItem extends AmendDraft {
  /** 1-based position in the run, the "#" of every table. */
  index: number;
  /** Where the item came from, for messages: "line 4" of a CSV file, "item 2" of a JSON file. */
  where: string;
}

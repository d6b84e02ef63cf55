/**
 * The commands that read or amend on the exchange, each made from its options' values; anything
 * wrong is a UsageError raised before any request. Single values are option-values.ts,
 * modify-batch's source batch-args.ts.
 */
import { CATEGORIES, TICKER_CATEGORIES, type Category, type TickerCategory } from '../../shared/schemas';
import { batchSource, type BatchSource } from './batch-args';
import type { ParsedValues } from './cli-options';
import {
  categoryOption,
  durationOption,
  integerOption,
  orderRef,
  textOption,
  tickerCategoryOption,
} from './option-values';
import { UsageError } from './usage-error';

export type Command =
  | { name: 'instruments'; category: Category; symbol?: string }
  /** `instruments diff`: see instruments-diff.ts. `sinceMs`: how far back, as a duration. */
  | { name: 'instruments-diff'; category?: Category; sinceMs?: number; stateDir?: string }
  | { name: 'tickers'; category: TickerCategory; symbol?: string }
  | { name: 'order'; orderId?: string; clientOid?: string }
  | { name: 'open-orders'; category?: Category; symbol?: string; limit?: number }
  | {
      name: 'modify';
      orderId?: string;
      clientOid?: string;
      qty?: string;
      price?: string;
      autoCancel?: string;
      symbol?: string;
      category?: string;
      /** Look up and check, print the request body, send nothing. */
      dryRun: boolean;
      /** Follow to the outcome (false: stop once the exchange has answered the modify). */
      follow: boolean;
    }
  | {
      name: 'modify-batch';
      source: BatchSource;
      dryRun: boolean;
      follow: boolean;
      /** For items that do not say; an item's own autoCancel wins. */
      autoCancel?: string;
    }
  | {
      name: 'revert';
      /** What is undone: exactly one of a run (every applied item) or one applied attempt. */
      runId?: string;
      attemptId?: string;
      /** Preview only: read and plan, send and record nothing. */
      dryRun: boolean;
      follow: boolean;
    };

export type CommandOf<N extends Command['name']> = Extract<Command, { name: N }>;

export function instrumentsArgs(values: ParsedValues): CommandOf<'instruments'> {
  const symbol = textOption('--symbol', values.symbol);
  if (values.category === undefined)
    throw new UsageError('instruments needs --category (one of ' + CATEGORIES.join(', ') + ').');
  return { name: 'instruments', category: categoryOption(values.category), symbol };
}

/** `instruments diff [--since DURATION] [--category C] [--state-dir DIR]`. */
export function instrumentsDiffArgs(values: ParsedValues): CommandOf<'instruments-diff'> {
  const since = textOption('--since', values.since);
  return {
    name: 'instruments-diff',
    category: values.category === undefined ? undefined : categoryOption(values.category),
    sinceMs: since === undefined ? undefined : durationOption('--since', since),
    stateDir: textOption('--state-dir', values['state-dir']),
  };
}

export function tickersArgs(values: ParsedValues): CommandOf<'tickers'> {
  const symbol = textOption('--symbol', values.symbol);
  if (values.category === undefined)
    throw new UsageError('tickers needs --category (one of ' + TICKER_CATEGORIES.join(', ') + ').');
  return { name: 'tickers', category: tickerCategoryOption(values.category), symbol };
}

export function orderArgs(values: ParsedValues): CommandOf<'order'> {
  return { name: 'order', ...orderRef(values['order-id'], values['client-oid']) };
}

export function openOrdersArgs(values: ParsedValues): CommandOf<'open-orders'> {
  const symbol = textOption('--symbol', values.symbol);
  return {
    name: 'open-orders',
    category: values.category === undefined ? undefined : categoryOption(values.category),
    symbol,
    limit: values.limit === undefined ? undefined : integerOption('--limit', values.limit, 1, 100),
  };
}

export function modifyArgs(values: ParsedValues): CommandOf<'modify'> {
  const symbol = textOption('--symbol', values.symbol);
  // Nothing to change is a question of the command line, answered before the exchange is asked.
  if (values.qty === undefined && values.price === undefined)
    throw new UsageError('modify needs the new quantity (--qty Q), the new price (--price P) or both.');
  // Values are checked by the amend rules, like the app does, so the messages are the same.
  return {
    name: 'modify',
    ...orderRef(values['order-id'], values['client-oid']),
    qty: values.qty,
    price: values.price,
    autoCancel: values['auto-cancel'],
    symbol,
    category: values.category?.trim().toUpperCase(),
    dryRun: values['dry-run'] ?? false,
    follow: !(values['no-follow'] ?? false),
  };
}

export function modifyBatchArgs(values: ParsedValues): CommandOf<'modify-batch'> {
  const autoCancel = textOption('--auto-cancel', values['auto-cancel'])?.toLowerCase();
  if (autoCancel !== undefined && autoCancel !== 'yes' && autoCancel !== 'no')
    throw new UsageError('--auto-cancel must be yes or no.');
  return {
    name: 'modify-batch',
    source: batchSource(values),
    dryRun: values['dry-run'] ?? false,
    follow: !(values['no-follow'] ?? false),
    autoCancel,
  };
}

export function revertArgs(values: ParsedValues): CommandOf<'revert'> {
  const runId = textOption('--run', values.run);
  const attemptId = textOption('--attempt', values.attempt);
  if ((runId === undefined) === (attemptId === undefined))
    throw new UsageError(
      'Say what to revert: --run ID (every applied item of a finished run) or --attempt ID (one applied amend), not both.',
    );
  return {
    name: 'revert',
    ...(runId !== undefined ? { runId } : { attemptId }),
    dryRun: values['dry-run'] ?? false,
    follow: !(values['no-follow'] ?? false),
  };
}

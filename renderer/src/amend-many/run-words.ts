/**
 * How a run's items read on the Amend many screen and in Activity: labels and badges. The run's own
 * status words and its bar live in shared/batch-run.ts (runStatusWords, runBarValue), their one home.
 */
import { STATUS_LABELS } from '../../../shared/attempt-search';
import type { RunItemStatus } from '../../../shared/batch-run';
import { STATUS_BADGES } from '../amend/status-display';

export const ITEM_LABELS: Record<RunItemStatus, string> = {
  queued: 'Waiting',
  'not-sent': 'Not sent',
  excluded: 'Excluded',
  ...STATUS_LABELS,
};

export const ITEM_BADGES: Record<RunItemStatus, string> = {
  queued: '',
  'not-sent': '',
  excluded: '',
  ...STATUS_BADGES,
};

/** The words of an attempt's outcome: one sentence an operator can act on, per status. */
export const SUMMARY = {
  sending: 'Sending the modification…',
  following: "Accepted by the exchange; following the order until the engine's result shows…",
  failedUnchanged: 'The modification was not applied; the original order is unchanged (auto-cancel was off).',
  filledFirst: 'The order was completely filled before the modification could apply; nothing was changed.',
  unknownTimeout:
    'Outcome unknown — the exchange did not answer in time. Load the order to check before sending again.',
  unknownBroken:
    'Outcome unknown — the connection broke after the request was sent. Load the order to check before sending again.',
  unknownGuard:
    'The outcome of the last modification of this order is unknown: load the order to check it before sending again.',
  unknownUnaccounted:
    "Outcome unknown — the exchange's answer did not account for this item. Load the order to check before sending again.",
  notSent: 'Not sent: the run was stopped before this item was sent',
  queued: 'Checked; waiting to be sent',
  stopped: 'Outcome unknown — UTA Desk stopped following the order. Load the order to check before sending again.',
  interrupted:
    'Outcome unknown — UTA Desk stopped (closed or crashed) while this modification was in flight. Check the order: load it before sending again.',
} as const;

export const outcomeSummary = {
  /** Another desk of the team store found the sending desk's lease expired. */
  deskLapsed: (who: string): string =>
    `Outcome unknown — the desk that sent it (${who}) stopped while it was in flight. Load the order to check before sending again.`,
  cancelled: (autoCancel: boolean): string =>
    autoCancel
      ? 'The engine could not apply the modification, so auto-cancel cancelled the order. It can no longer be modified.'
      : 'The order was cancelled before the modification applied; it can no longer be modified.',
  followTimeout: (seconds: string): string =>
    `Outcome unknown — the order showed neither the new values nor a cancellation within ${seconds} s. Load the order to check before sending again.`,
};

const LOAD_TO_CHECK = 'Load the order to check before sending again.';

/**
 * An item of an amend-many run is checked from its run ("Check again" reads every unknown item),
 * so its unknown outcome says that instead of sending the operator to the single desk.
 */
export function runItemSummary(summary: string): string {
  return summary.endsWith(LOAD_TO_CHECK)
    ? `${summary.slice(0, -LOAD_TO_CHECK.length)}Use Check again on the run (or load the order) before sending it again.`
    : summary;
}

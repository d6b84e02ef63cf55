import { useState } from 'react';

/**
 * The runs opened to show their items. The run of the chosen attempt stays open: a selection is never
 * hidden in a closed run, so closing it lets the attempt go.
 */
export function useOpenRuns(chosenRun: string | undefined, unchoose: () => void) {
  const [openRuns, setOpenRuns] = useState<ReadonlySet<string>>(() => new Set());
  const isOpen = (runId: string) => openRuns.has(runId) || runId === chosenRun;
  const toggleRun = (runId: string) => {
    const closing = isOpen(runId);
    if (closing && runId === chosenRun) unchoose();
    setOpenRuns((open) => {
      const next = new Set(open);
      if (closing) next.delete(runId);
      else next.add(runId);
      return next;
    });
  };
  return { isOpen, toggleRun };
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ActivityEntry } from '../../../shared/activity-entries';
import { FINAL_STATUSES, type Attempt } from '../../../shared/attempts';
import { call } from '../lib/desk';

/** An attempt as its row showed it, or only its id (Amend many's "Show the attempt"). */
export type AttemptSeed = Attempt | { id: string };

/**
 * The attempt the operator chose (a single amend, or an item of an opened run) and the one the detail
 * panel shows: the chosen one, else the newest, until the panel is closed; choosing a row opens it again.
 */
export function useChosenAttempt(entries: readonly ActivityEntry[]) {
  const [chosenSeed, setChosenSeed] = useState<AttemptSeed | null>(null);
  const [detailOpen, setDetailOpen] = useState(true);
  const choose = (a: AttemptSeed | null) => {
    setChosenSeed(a);
    if (a !== null) setDetailOpen(true);
  };
  // The chosen attempt as main has it now, while it may still change (under way, or unknown until
  // checked again), or when only its id is known; else as its row showed it.
  const seed = chosenSeed && 'status' in chosenSeed ? chosenSeed : undefined;
  const chosenNow = useQuery({
    queryKey: ['activity', 'attempt', chosenSeed?.id],
    queryFn: () => call('getAttempt', { id: chosenSeed!.id }),
    enabled: chosenSeed !== null && (!seed || seed.status === 'unknown' || !FINAL_STATUSES.includes(seed.status)),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && !FINAL_STATUSES.includes(query.state.data.status) ? 1000 : false),
  });
  const listed = entries.find((e) => e.kind === 'attempt' && e.attempt.id === chosenSeed?.id);
  const chosen: Attempt | undefined =
    chosenNow.data ?? (listed?.kind === 'attempt' ? listed.attempt : undefined) ?? seed;
  const newest = entries[0]?.kind === 'attempt' ? entries[0].attempt : undefined;
  const selected = detailOpen ? (chosenSeed ? chosen : newest) : undefined;
  return { chosen, selected, choose, closeDetail: () => setDetailOpen(false) };
}

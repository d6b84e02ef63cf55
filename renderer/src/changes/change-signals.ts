/**
 * "Instruments were just fetched": every fetch makes main compare snapshots and record changes,
 * so whoever shows changes (the feed, the badges, alerts) asks again at once instead of at its
 * next poll.
 */
const listeners = new Set<() => void>();

export function onInstrumentsFetched(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signalInstrumentsFetched(): void {
  for (const l of listeners) l();
}

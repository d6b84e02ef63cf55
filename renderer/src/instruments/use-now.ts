import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`: for "in 3 h" warnings and "updated 12 s ago". */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

import { useEffect, useState } from 'react';

/**
 * The time for render, advanced every `stepMs`: render must be pure, so it never reads the clock
 * itself, and a rule that depends on the time (a scheduled halt) still turns when the time comes.
 */
export function useNow(stepMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(timer);
  }, [stepMs]);
  return now;
}

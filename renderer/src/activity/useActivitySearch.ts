import { useDeferredValue, useState } from 'react';
import type { AttemptStatus } from '../../../shared/attempts';

/** What the operator searches Activity for: the words typed and the outcome chosen. */
export function useActivitySearch() {
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<AttemptStatus | ''>('');
  // Main searches the whole history; typing does not wait for it.
  const search = useDeferredValue(text.trim());
  return { text, setText, outcome, setOutcome, search, filtering: search !== '' || outcome !== '' };
}

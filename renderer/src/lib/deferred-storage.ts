/**
 * Where the screens' layout preferences (sort, columns, widths, scope, theme, view) are kept: in
 * localStorage, written once the browser is idle instead of in the task that changed them.
 * zustand's persist writes on every change of its store, and the grid's store changes on every
 * sort click, search keystroke and arrow key: a JSON string built and a synchronous storage
 * write (~0.5 ms) in the one task that must end before the next frame. Here only the latest value
 * of each key is kept until the browser idles (or for at most a second), and it is written at
 * once when the page is hidden or unloaded (a reload, a closed window), so nothing the operator
 * set is lost by leaving. These are preferences, not records: a crash can lose the last second
 * of them, never an order or an audit entry (those are written by main, synced, before sending).
 */
import type { PersistStorage, StorageValue } from 'zustand/middleware';

/** How long a change may wait for an idle period before it is written anyway. */
const MAX_WAIT_MS = 1000;

const pending = new Map<string, unknown>();
let scheduled = false;

function flush(): void {
  scheduled = false;
  for (const [name, value] of pending) {
    try {
      localStorage.setItem(name, JSON.stringify(value));
    } catch {
      // Storage full or unavailable: the layout stays as set for this session. (Written in the
      // task, zustand let the error escape into the click or keystroke that changed it.)
    }
  }
  pending.clear();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(flush, { timeout: MAX_WAIT_MS });
  else setTimeout(flush, 0);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}

/** Writes everything still waiting now (a test, or a caller about to read localStorage itself). */
export const flushDeferredStorage = flush;

/** A persist storage for zustand over localStorage, written after the frame (see above); none without localStorage. */
export function deferredLocalStorage<S>(): PersistStorage<S> | undefined {
  if (typeof localStorage === 'undefined') return undefined;
  return {
    getItem(name) {
      if (pending.has(name)) return pending.get(name) as StorageValue<S>;
      const text = localStorage.getItem(name);
      return text === null ? null : (JSON.parse(text) as StorageValue<S>);
    },
    setItem(name, value) {
      pending.set(name, value);
      schedule();
    },
    removeItem(name) {
      pending.delete(name);
      localStorage.removeItem(name);
    },
  };
}

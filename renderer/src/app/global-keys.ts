/**
 * The keys that work on every screen: Ctrl/Cmd+1…6 switch screens (also from inside a field), "?"
 * opens the keyboard help and "/" goes to the screen's search box (both not while typing in a text
 * field: there they are typed; a menu, a checkbox or a button does not take them).
 */
import { useEffect } from 'react';
import { useHostLink } from './host-link';
import { useUi, VIEWS } from './store';

const TEXT_INPUT_TYPES = new Set(['', 'text', 'search', 'email', 'number', 'password', 'tel', 'url']);

/** Whether a key pressed in `t` is typing: a text field, a text area or an editable element. */
export function isTextEntry(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable || t instanceof HTMLTextAreaElement) return true;
  return t instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(t.getAttribute('type')?.toLowerCase() ?? '');
}

/** The screen's search box: the first search field in it. */
function focusSearch(content: HTMLElement | null): boolean {
  const search = content?.querySelector<HTMLInputElement>('input[type="search"]');
  if (!search) return false;
  search.focus();
  search.select();
  return true;
}

/**
 * Listens on the window for the global keys. `onScreenKey` is told of every Ctrl+1…6 press (also of
 * the screen already shown, which then takes the focus to its top).
 */
export function useGlobalKeys(content: React.RefObject<HTMLElement | null>, onScreenKey: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (useHostLink.getState().link !== 'up') return;
      const ui = useUi.getState();
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
        const target = VIEWS[Number(e.key) - 1];
        if (!target) return;
        e.preventDefault();
        ui.setView(target);
        onScreenKey();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || isTextEntry(e.target)) return;
      // A dialog open (this help included) keeps its own keys.
      if (document.querySelector('dialog[open]')) return;
      if (e.key === '?') {
        e.preventDefault();
        ui.setHelpOpen(true);
      } else if (e.key === '/' && focusSearch(content.current)) {
        e.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [content, onScreenKey]);
}

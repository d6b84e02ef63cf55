/**
 * A control in `container` that has the focus and becomes disabled (its row went with a refresh,
 * its action no longer applies) leaves a keyboard user nowhere: Chromium blurs it to the page, other
 * engines leave the focus on a control that does nothing. Either way `rescue` gives the focus to
 * where the operator can go on — only then: focus that is elsewhere is never taken. `rescue` is
 * best stable (a useCallback): the listener is set again when it changes.
 */
import { useEffect, useLayoutEffect, type RefObject } from 'react';

const isDisabled = (el: EventTarget | Element | null): boolean => el instanceof HTMLElement && el.matches(':disabled');

export function useFocusRescue(container: RefObject<HTMLElement | null>, rescue: () => void): void {
  // Chromium: the blur comes while React writes `disabled`; the focus is moved once the commit is done.
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const onFocusOut = (e: FocusEvent) => {
      if (e.relatedTarget !== null || !isDisabled(e.target)) return;
      queueMicrotask(() => {
        const active = document.activeElement;
        if (!active || active === document.body) rescue();
      });
    };
    el.addEventListener('focusout', onFocusOut);
    return () => el.removeEventListener('focusout', onFocusOut);
  }, [container, rescue]);

  // Engines that keep the focus on a disabled control.
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (active && container.current?.contains(active) && isDisabled(active)) rescue();
  });
}

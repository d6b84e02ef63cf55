/**
 * A button that keeps the focus of the operator who pressed it, whatever its press leads to: while
 * its work runs (`busy`: Refresh, Check now, Load more, a dialog's confirmation) or once there is
 * nothing for it to do (`unavailable`: Select all when all are selected) it says so (aria-disabled,
 * aria-busy, drawn disabled) and a press does nothing, but it is not `disabled`: Chromium drops the
 * focus of a disabled button to the page, where a keyboard user is nowhere. `disabled` stays for
 * controls the operator cannot be on when it changes (a whole form locked by a run elsewhere).
 * A button that goes once its work is done (the last Load more, Mark all seen) names where the
 * focus goes then (`focusWhenGone`); it is only taken if the button had it.
 */
import { useCallback, useLayoutEffect, useRef, type ButtonHTMLAttributes, type Ref } from 'react';

export function BusyButton({
  busy = false,
  unavailable = false,
  focusWhenGone,
  ref,
  type = 'button',
  onClick,
  className = 'button',
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-busy' | 'aria-disabled'> & {
  busy?: boolean;
  unavailable?: boolean;
  focusWhenGone?: () => HTMLElement | null | undefined;
  ref?: Ref<HTMLButtonElement>;
}) {
  const inert = busy || unavailable;
  const self = useRef<HTMLButtonElement | null>(null);
  const setRef = useCallback(
    (el: HTMLButtonElement | null) => {
      self.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );
  useLayoutEffect(() => {
    const el = self.current;
    if (!el || !focusWhenGone) return;
    // Runs before React removes the button: whether it has the focus is still known here.
    return () => {
      if (el !== document.activeElement) return;
      queueMicrotask(() => {
        const active = document.activeElement;
        if (!el.isConnected && (!active || active === document.body)) focusWhenGone()?.focus();
      });
    };
  }, [focusWhenGone]);
  return (
    <button
      ref={setRef}
      type={type === 'submit' ? 'submit' : 'button'}
      className={className}
      {...rest}
      aria-busy={busy || undefined}
      aria-disabled={inert || undefined}
      onClick={(e) => {
        // A submit button's press (or Enter in its form) must not submit either.
        if (inert) e.preventDefault();
        else onClick?.(e);
      }}
    />
  );
}

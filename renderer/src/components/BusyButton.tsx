/**
 * A button that keeps the focus of the operator who pressed it, whatever its press leads to: while
 * its work runs (`busy`: Refresh, Check now, Load more, a dialog's confirmation) or once there is
 * nothing for it to do (`unavailable`: Select all when all are selected) it says so (aria-disabled,
 * aria-busy, drawn disabled) and a press does nothing, but it is not `disabled`: Chromium drops the
 * focus of a disabled button to the page, where a keyboard user is nowhere. `disabled` stays for
 * controls the operator cannot be on when it changes (a whole form locked by a run elsewhere).
 */
import type { ButtonHTMLAttributes } from 'react';

export function BusyButton({
  busy = false,
  unavailable = false,
  type = 'button',
  onClick,
  className = 'button',
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-busy' | 'aria-disabled'> & {
  busy?: boolean;
  unavailable?: boolean;
}) {
  const inert = busy || unavailable;
  return (
    <button
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

/**
 * A button whose work takes a while (Refresh, Check now, Load more): while `busy` it says so
 * (aria-busy, aria-disabled, drawn disabled) and a press does nothing, but it is not `disabled`:
 * Chromium drops the focus of a disabled button to the page, and the operator who pressed it from
 * the keyboard would find the focus nowhere once the work is done.
 */
import type { ButtonHTMLAttributes } from 'react';

export function BusyButton({
  busy,
  onClick,
  className = 'button',
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'aria-busy' | 'aria-disabled'> & { busy: boolean }) {
  return (
    <button
      type="button"
      className={className}
      {...rest}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={(e) => {
        if (!busy) onClick?.(e);
      }}
    />
  );
}

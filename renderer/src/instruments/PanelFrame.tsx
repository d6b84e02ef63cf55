/**
 * The instrument side panel's frame: a labelled, focusable region that Escape closes without the
 * key reaching the grid behind it (which would clear the selection as well).
 */
import type { ReactNode, Ref } from 'react';

export function PanelFrame({
  label,
  onClose,
  ref,
  children,
}: {
  label: string;
  onClose: () => void;
  ref?: Ref<HTMLElement>;
  children: ReactNode;
}) {
  return (
    <aside
      ref={ref}
      className="id-panel"
      aria-label={label}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      {children}
    </aside>
  );
}

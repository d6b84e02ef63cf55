/**
 * A modal on the native <dialog>: the browser traps focus, makes the rest of the page inert and
 * closes on Escape, which a hand-made overlay would have to imitate.
 */
import { useEffect, useRef, type ReactNode } from 'react';

export function Modal({
  labelledBy,
  describedBy,
  role,
  onClose,
  className,
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    // The control that opened the dialog gets focus back when it closes: the dialog is unmounted
    // before it is closed, so the browser's own return of focus does not happen (it would go to the body).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      role={role}
      className={`pf-modal ${className ?? ''}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(e) => {
        // Escape: let React decide (it unmounts the dialog) instead of the browser closing it behind its back.
        e.preventDefault();
        onClose();
      }}
    >
      {children}
    </dialog>
  );
}

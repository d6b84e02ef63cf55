/**
 * One labelled form field: the label, the control, its hint and its error, wired together with
 * aria-describedby and aria-invalid so a screen reader reads them with the control.
 */
import type { ReactNode } from 'react';

/** What the control must carry to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export function FormField({
  id,
  label,
  hint,
  error,
  announce = false,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Announce the error as soon as it appears (it comes from main, after the operator pressed save). */
  announce?: boolean;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="field-error" role={announce ? 'alert' : undefined}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

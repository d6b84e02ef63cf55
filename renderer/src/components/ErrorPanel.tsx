import type { Ref } from 'react';
import { describeError, DeskError } from '../../../shared/errors';

export function errorText(error: unknown): string {
  if (error instanceof DeskError) return describeError(error.data);
  return error instanceof Error ? error.message : String(error);
}

/** With a ref, the panel can take focus (a screen moves focus to it when it reports an action's failure). */
export function ErrorPanel({
  error,
  onRetry,
  title = 'Something went wrong',
  ref,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div className="error-panel" role="alert" ref={ref} tabIndex={ref ? -1 : undefined}>
      <strong>{title}</strong>
      <p>{errorText(error)}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}

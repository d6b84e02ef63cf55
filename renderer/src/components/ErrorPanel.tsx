import { describeError, DeskError } from '../../../shared/errors';

export function errorText(error: unknown): string {
  if (error instanceof DeskError) return describeError(error.data);
  return error instanceof Error ? error.message : String(error);
}

export function ErrorPanel({
  error,
  onRetry,
  title = 'Something went wrong',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <div className="error-panel" role="alert">
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

import { useNow } from '../lib/useNow';

/** "Updated 12 s ago": its own component so the per-second tick re-renders only this text. */
export function UpdatedAgo({ fetchedAt, fetching }: { fetchedAt: number | undefined; fetching: boolean }) {
  const now = useNow(1000);
  let text = 'Not loaded yet';
  if (fetching) text = 'Updating…';
  else if (fetchedAt !== undefined) {
    const s = Math.max(0, Math.round((now - fetchedAt) / 1000));
    text =
      s < 60
        ? `Updated ${s} s ago`
        : s < 3600
          ? `Updated ${Math.floor(s / 60)} min ago`
          : `Updated ${Math.floor(s / 3600)} h ago`;
  }
  return (
    <span className="ib-updated muted" title={fetchedAt ? new Date(fetchedAt).toLocaleString() : undefined}>
      {text}
    </span>
  );
}

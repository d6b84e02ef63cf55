/**
 * The active profile's private order stream, next to its connection test: while it is connected an
 * amend's outcome shows the moment the engine decides; while it is not, the desk reads the order
 * instead (slower, and more requests). The chip says which, and why, in words.
 */
import { useQuery } from '@tanstack/react-query';
import type { OrderStreamStatus } from '../../../shared/order-stream-status';
import { call } from '../lib/desk';
import { useNow } from '../lib/useNow';
import { UNKNOWN_TITLE } from './host-link';

export const ORDER_STREAM_KEY = ['order-stream'] as const;

/** Short enough that a drop shows before the operator's next amend, cheap: nothing leaves the machine. */
const POLL_MS = 3_000;
/** While it is connecting, the answer is a few hundred milliseconds away: say it when it comes. */
const POLL_CHANGING_MS = 500;

export function streamWords(
  stream: OrderStreamStatus | null,
  now: number,
): { text: string; label: string; title: string; warn: boolean } {
  if (!stream)
    return {
      text: 'No stream',
      label: 'Order stream: none (this profile has no API credentials here). Amend results are read from the order.',
      title: 'Without credentials there is no private stream; results are found by reading the order.',
      warn: false,
    };
  switch (stream.state) {
    case 'connected':
      return {
        text: 'Stream live',
        label: 'Order stream connected: amend results show as soon as the exchange decides.',
        title: 'The private order stream is connected: results arrive as pushes and are confirmed by one read.',
        warn: false,
      };
    case 'connecting':
      return {
        text: 'Stream connecting…',
        label: 'Order stream connecting. Until it is connected, amend results are read from the order.',
        title: 'Logging in to the private order stream.',
        warn: false,
      };
    case 'reconnecting': {
      const inSeconds = stream.retryAt ? Math.max(0, Math.ceil((stream.retryAt - now) / 1000)) : undefined;
      const when = inSeconds === undefined ? '' : inSeconds === 0 ? ', retrying now' : `, retrying in ${inSeconds} s`;
      return {
        text: 'Stream reconnecting…',
        label: `Order stream reconnecting${when}. Amend results are read from the order meanwhile.`,
        title: `${stream.reason ?? 'The connection dropped.'} Attempt ${stream.attempts}${when}.`,
        warn: true,
      };
    }
    case 'down':
      return {
        text: 'Stream down',
        label: `Order stream down: ${stream.reason ?? 'not connected'}. Amend results are read from the order.`,
        title: stream.reason ?? 'Not connected.',
        warn: true,
      };
  }
}

export function OrderStreamStatusChip({ unknown = false }: { unknown?: boolean }) {
  const status = useQuery({
    queryKey: ORDER_STREAM_KEY,
    queryFn: () => call('getOrderStream', {}),
    refetchInterval: (query) =>
      query.state.data?.stream?.state === 'connecting' || query.state.data?.stream?.state === 'reconnecting'
        ? POLL_CHANGING_MS
        : POLL_MS,
  });
  const now = useNow(1_000);
  if (unknown)
    return (
      <span role="status" className="chip order-stream stream-unknown" title={UNKNOWN_TITLE}>
        Stream unknown
      </span>
    );
  if (!status.data) return null;
  const words = streamWords(status.data.stream, now);
  return (
    <span
      role="status"
      className={`chip order-stream stream-${status.data.stream?.state ?? 'none'}${words.warn ? ' chip-warn' : ''}`}
      aria-label={words.label}
      title={words.title}
    >
      {words.text}
    </span>
  );
}

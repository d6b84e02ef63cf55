/**
 * The running private order stream: one, for the active profile. Clients are built afresh for every
 * call, so the stream cannot live in one; it lives here, started on first use, replaced when the
 * profile or its credentials change, and closed when the profile has none (a locked vault).
 */
import { createHash } from 'node:crypto';
import type { ExchangeClient } from './client';
import { OrderStream } from './order-stream';
import type { OrderStreamConfig, StreamState } from './order-stream-config';

type StreamSettings = NonNullable<ReturnType<ExchangeClient['streamSettings']>>;

/** Identifies the settings without keeping a secret in memory longer than the stream itself does. */
function fingerprint(profileId: string, s: StreamSettings): string {
  const c = s.credentials;
  return createHash('sha256')
    .update([profileId, s.url, c.apiKey, c.secretKey, c.passphrase].join('\u0000'))
    .digest('hex');
}

export class OrderStreams {
  private current: { fingerprint: string; stream: OrderStream } | undefined;
  private closed = false;

  constructor(
    /** Tests shorten the stream's timings here. */
    private readonly make: (config: OrderStreamConfig) => OrderStream = (config) => new OrderStream(config),
  ) {}

  /** The stream of this profile's client, started if need be; undefined when it has no credentials. */
  use(profileId: string, client: Pick<ExchangeClient, 'streamSettings'>): OrderStream | undefined {
    if (this.closed) return undefined;
    const settings = client.streamSettings();
    const print = settings && fingerprint(profileId, settings);
    if (this.current && this.current.fingerprint === print) return this.current.stream;
    void this.current?.stream.close();
    this.current = undefined;
    if (!settings || !print) return undefined;
    const stream = this.make({ ...settings });
    stream.start();
    this.current = { fingerprint: print, stream };
    return stream;
  }

  /** The running stream's state, null when none runs. */
  status(): StreamState | null {
    return this.current?.stream.state ?? null;
  }

  async close(): Promise<void> {
    this.closed = true;
    const stream = this.current?.stream;
    this.current = undefined;
    await stream?.close();
  }
}

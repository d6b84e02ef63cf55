/**
 * The signed REST client of the exchange's v3 API. Every request is paced by the shared rate
 * limiters, bounded by a timeout, stamped with the skew-corrected clock, and every failure becomes a
 * DeskError with the exchange's code and whether the request may have taken effect. Reads are
 * retried with backoff; Modify Order never is.
 *
 * Two guarantees hold for everything the client returns or throws:
 * - the profile's secrets are not in it: answers are scrubbed as they are parsed, and every DeskError
 *   is scrubbed again on its way out (secret-scrub.ts), so an exchange that echoes the request's
 *   headers cannot get them into the activity log, the renderer or the CLI's output;
 * - mayHaveTakenEffect is false only when nothing left this computer: a request that cannot be built
 *   (a credential with a line break, a URL that is not one), a connection that was never made, or a
 *   timeout before the request was written (wire-progress.ts).
 */
import { z } from 'zod';
import { deskError, DeskError, EXCHANGE_CODE } from '../../shared/errors';
import {
  instrumentsResponseSchema,
  batchModifyResponseSchema,
  BATCH_MODIFY_PATH,
  MAX_BATCH_ITEMS,
  MODIFY_ORDER_PATH,
  modifyOrderResponseSchema,
  openOrdersResponseSchema,
  orderInfoResponseSchema,
  serverTimeResponseSchema,
  tickersResponseSchema,
  type Category,
  type Instrument,
  type ModifyOrderRequest,
  type ModifyOrderResult,
  type OpenOrdersPage,
  type Order,
  type Ticker,
  type TickerCategory,
} from '../../shared/schemas';
import {
  connectTimeoutError,
  interpretAnswer,
  notSentError,
  timeoutError,
  transportError,
  type RequestInfo,
} from './answer-errors';
import { realClock } from './clock';
import { sharedRateLimiters, type RateLimiters } from './rate-limiter';
import { batchVerdicts, type BatchItemVerdict } from './batch-results';
import { backoffDelay, DEFAULT_RETRY, isTransient, NO_RETRY, type RetryPolicy } from './retry';
import { secretScrubber, type SecretScrubber } from './secret-scrub';
import { canonicalQuery, encodedQuery, type QueryParams } from './signing';
import { sharedClockSkews, skewFromRoundTrip, type ClockSkews } from './skew';
import { checkSendable, hostOf, pathAndQuery, requestHeaders, type Call, type Credentials } from './request-headers';
import { privateStreamUrl } from './stream-url';
import { trackWire, WireProgress } from './wire-progress';

export interface ClientConfig {
  baseUrl: string;
  credentials?: Credentials;
  /** Why the profile's credentials are missing (e.g. they could not be decrypted), for the error. */
  credentialsProblem?: string;
  locale?: string;
  /** Demo trading on the live host: adds `paptrading: 1` to every request. */
  demoTrading?: boolean;
  /** Per attempt, including reading the body. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source of the retry backoff. */
  random?: () => number;
  /** Under which key the measured skew is remembered (the profile id); defaults to the base URL. */
  clockKey?: string;
  skews?: ClockSkews;
  limiters?: RateLimiters;
  /** Retries of GET requests; POST requests are never retried on failure. */
  retry?: RetryPolicy;
}

export interface ModifyAnswer {
  result: ModifyOrderResult;
  code: string;
  msg: string;
  requestTime: number;
}

export interface BatchModifyAnswer {
  /** One verdict per item sent, in the order sent. */
  items: BatchItemVerdict[];
  code: string;
  msg: string;
  requestTime: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export class ExchangeClient {
  readonly baseUrl: string;
  private readonly host: string;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly clockKey: string;
  private readonly skews: ClockSkews;
  private readonly limiters: RateLimiters;
  private readonly retry: RetryPolicy;
  private readonly timeoutMs: number;
  private readonly scrub: SecretScrubber;

  constructor(private readonly config: ClientConfig) {
    this.baseUrl = config.baseUrl.replace(/\/+$/, '');
    this.host = hostOf(this.baseUrl);
    this.fetchImpl = config.fetch ?? fetch;
    this.now = config.now ?? realClock.now;
    this.sleep = config.sleep ?? realClock.sleep;
    this.random = config.random ?? Math.random;
    this.clockKey = config.clockKey ?? this.baseUrl;
    this.skews = config.skews ?? sharedClockSkews;
    this.limiters = config.limiters ?? sharedRateLimiters;
    this.retry = config.retry ?? DEFAULT_RETRY;
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const c = config.credentials;
    this.scrub = secretScrubber([c?.apiKey, c?.secretKey, c?.passphrase]);
  }

  /**
   * What the profile's private order stream needs: where it lives, the same credentials and the same
   * clock key (so the login timestamp gets this profile's measured skew). Undefined without credentials.
   */
  streamSettings(): { url: string; credentials: Credentials; clockKey: string; skews: ClockSkews } | undefined {
    const credentials = this.config.credentials;
    if (!credentials) return undefined;
    let url: string;
    try {
      url = privateStreamUrl(this.baseUrl, { demoTrading: this.config.demoTrading });
    } catch {
      return undefined;
    }
    return { url, credentials, clockKey: this.clockKey, skews: this.skews };
  }

  async getInstruments(category: Category, symbol?: string): Promise<Instrument[]> {
    const path = '/api/v3/market/instruments';
    const call: Call = { method: 'GET', path, params: { category, symbol }, signed: false };
    return (await this.request(call, instrumentsResponseSchema)).data;
  }

  async getTickers(category: TickerCategory, symbol?: string): Promise<Ticker[]> {
    const path = '/api/v3/market/tickers';
    const call: Call = { method: 'GET', path, params: { category, symbol }, signed: false };
    return (await this.request(call, tickersResponseSchema)).data;
  }

  async getServerTime(): Promise<number> {
    const path = '/api/v2/public/time';
    const env = await this.request({ method: 'GET', path, params: {}, signed: false }, serverTimeResponseSchema);
    const serverTime = Number(env.data.serverTime);
    if (!Number.isFinite(serverTime))
      throw deskError('internal', `The exchange's server time on ${path} is not a number.`, { path });
    return serverTime;
  }

  /** Measures local minus exchange clock, remembers it for this profile's signatures, and returns it. */
  async measureClockSkew(): Promise<number> {
    const sentAt = this.now();
    const serverTime = await this.getServerTime();
    const skew = skewFromRoundTrip(sentAt, this.now(), serverTime);
    this.skews.set(this.clockKey, skew);
    return skew;
  }

  /** Last measured skew of this client's profile, null until measured. */
  clockSkewMs(): number | null {
    return this.skews.get(this.clockKey);
  }

  async getOrder(ref: { orderId?: string; clientOid?: string }): Promise<Order> {
    const path = '/api/v3/trade/order-info';
    const call: Call = {
      method: 'GET',
      path,
      params: { orderId: ref.orderId, clientOid: ref.clientOid },
      signed: true,
    };
    return (await this.request(call, orderInfoResponseSchema)).data;
  }

  async getOpenOrders(query: {
    category?: string;
    symbol?: string;
    limit?: number;
    cursor?: string;
  }): Promise<OpenOrdersPage> {
    const path = '/api/v3/trade/unfilled-orders';
    const params: QueryParams = {
      category: query.category,
      symbol: query.symbol,
      cursor: query.cursor || undefined,
      limit: query.limit === undefined ? undefined : String(query.limit),
    };
    return (await this.request({ method: 'GET', path, params, signed: true }, openOrdersResponseSchema)).data;
  }

  /**
   * Sends the modification once. A timeout or broken connection after sending is reported as an
   * unknown outcome (mayHaveTakenEffect) and never resent: the first request may have been applied.
   * A failure before anything was sent is reported with mayHaveTakenEffect false.
   */
  async modifyOrder(body: ModifyOrderRequest): Promise<ModifyAnswer> {
    const path = MODIFY_ORDER_PATH;
    const call: Call = { method: 'POST', path, params: {}, body: JSON.stringify(body), signed: true };
    const parsed = await this.request(call, modifyOrderResponseSchema, true);
    return { result: parsed.data, code: parsed.code, msg: parsed.msg, requestTime: parsed.requestTime };
  }

  /**
   * Sends up to 20 modifications of one category in one request, once, like modifyOrder: a timeout
   * or a broken connection after sending leaves every item's outcome unknown (mayHaveTakenEffect).
   * A refusal of the whole request throws; otherwise each item has its own verdict.
   */
  async batchModify(items: readonly ModifyOrderRequest[]): Promise<BatchModifyAnswer> {
    const path = BATCH_MODIFY_PATH;
    if (items.length === 0 || items.length > MAX_BATCH_ITEMS) {
      throw notSentError(
        { path },
        `A batch holds 1 to ${MAX_BATCH_ITEMS} modifications; this one has ${items.length}, so nothing was sent.`,
      );
    }
    const call: Call = { method: 'POST', path, params: {}, body: JSON.stringify(items), signed: true };
    const parsed = await this.request(call, batchModifyResponseSchema, true);
    return {
      items: batchVerdicts(items, parsed.data),
      code: parsed.code,
      msg: parsed.msg,
      requestTime: parsed.requestTime,
    };
  }

  /** Sends, parses, and lets no DeskError out with a secret in it (the single exit of every call). */
  private async request<T extends z.ZodType>(call: Call, schema: T, accepted = false): Promise<z.output<T>> {
    try {
      return this.parse(schema, await this.send(call), call.path, accepted);
    } catch (e) {
      throw e instanceof DeskError ? this.scrub.error(e) : e;
    }
  }

  private parse<T extends z.ZodType>(schema: T, envelope: unknown, path: string, accepted = false): z.output<T> {
    const r = schema.safeParse(envelope);
    if (!r.success) {
      throw deskError(
        'internal',
        `The exchange's answer on ${path} does not match the API: ${z.prettifyError(r.error)}`,
        {
          path,
          // The success code came with it: an accepted modification is accepted even if its data is odd.
          mayHaveTakenEffect: accepted,
        },
      );
    }
    return r.data;
  }

  private async send(call: Call): Promise<unknown> {
    checkSendable(call, this.baseUrl, this.config);
    const retry = call.method === 'POST' ? NO_RETRY : this.retry;
    const limiter = this.limiters.forRequest(
      this.baseUrl,
      call.path,
      call.signed ? this.config.credentials?.apiKey : undefined,
    );
    let skewCorrected = false;
    let retries = 0;
    for (;;) {
      try {
        return await limiter.run(() => this.once(call));
      } catch (e) {
        if (!(e instanceof DeskError)) throw e;
        // 40008 is the gateway refusing the timestamp before the request is looked at, so the
        // request was not processed: one resend with the corrected clock is safe even for Modify Order.
        if (call.signed && e.data.code === EXCHANGE_CODE.timestampExpired && !skewCorrected) {
          skewCorrected = true;
          if (await this.remeasureSkew()) continue;
          throw e;
        }
        if (retries < retry.retries && isTransient(e)) {
          await this.sleep(backoffDelay(retries, retry, this.random));
          retries += 1;
          continue;
        }
        throw e;
      }
    }
  }

  private async remeasureSkew(): Promise<boolean> {
    try {
      await this.measureClockSkew();
      return true;
    } catch {
      return false;
    }
  }

  /** One attempt: sign (with a fresh timestamp), send, read, interpret. */
  private async once(call: Call): Promise<unknown> {
    const query = canonicalQuery(call.params);
    const url = `${this.baseUrl}${call.path}${query ? `?${encodedQuery(call.params)}` : ''}`;
    const info: RequestInfo = {
      host: this.host,
      path: call.path,
      mutating: call.method === 'POST',
      timeoutMs: this.timeoutMs,
    };
    const headers = requestHeaders(call, query, this.config, () => this.now() - (this.skews.get(this.clockKey) ?? 0));
    const progress = new WireProgress(call.method, pathAndQuery(url));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    const failed = (e: unknown): DeskError => {
      const wire = progress.verdict();
      if (controller.signal.aborted) return wire === 'not-written' ? connectTimeoutError(info) : timeoutError(info);
      return transportError(e, info, wire);
    };
    try {
      let res: Response;
      try {
        res = await trackWire(progress, () =>
          this.fetchImpl(url, { method: call.method, headers, body: call.body, signal: controller.signal }),
        );
      } catch (e) {
        throw failed(e);
      }
      let text: string;
      try {
        text = await res.text();
      } catch (e) {
        throw failed(e);
      }
      return interpretAnswer(res.status, text, info, this.scrub);
    } finally {
      clearTimeout(timer);
    }
  }
}

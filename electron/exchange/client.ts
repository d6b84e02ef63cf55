/**
 * The signed REST client of the exchange's v3 API. Every failure becomes a DeskError with the
 * exchange's code, and whether the request may have taken effect.
 */
import { z } from 'zod';
import { deskError, DeskError } from '../../shared/errors';
import {
  instrumentsResponseSchema,
  modifyOrderResponseSchema,
  openOrdersResponseSchema,
  orderInfoResponseSchema,
  serverTimeResponseSchema,
  SUCCESS_CODE,
  type Category,
  type Instrument,
  type ModifyOrderRequest,
  type ModifyOrderResult,
  type OpenOrdersPage,
  type Order,
} from '../../shared/schemas';
import { canonicalQuery, encodedQuery, prehash, sign, type QueryParams } from './signing';

export interface Credentials {
  apiKey: string;
  secretKey: string;
  passphrase: string;
}

export interface ClientConfig {
  baseUrl: string;
  credentials?: Credentials;
  locale?: string;
  /** Demo trading on the live host: adds `paptrading: 1` to every request. */
  demoTrading?: boolean;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface ModifyAnswer {
  result: ModifyOrderResult;
  code: string;
  msg: string;
  requestTime: number;
}

const errorEnvelope = z.object({ code: z.string(), msg: z.string(), requestTime: z.number().optional() });

export class ExchangeClient {
  readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly config: ClientConfig) {
    this.baseUrl = config.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = config.fetch ?? fetch;
    this.now = config.now ?? Date.now;
  }

  async getInstruments(category: Category, symbol?: string): Promise<Instrument[]> {
    const env = await this.request('GET', '/api/v3/market/instruments', { category, symbol }, undefined, false);
    return this.parse(instrumentsResponseSchema, env, '/api/v3/market/instruments').data;
  }

  async getServerTime(): Promise<number> {
    const env = await this.request('GET', '/api/v2/public/time', {}, undefined, false);
    return Number(this.parse(serverTimeResponseSchema, env, '/api/v2/public/time').data.serverTime);
  }

  async getOrder(ref: { orderId?: string; clientOid?: string }): Promise<Order> {
    const env = await this.request('GET', '/api/v3/trade/order-info', { ...ref }, undefined, true);
    return this.parse(orderInfoResponseSchema, env, '/api/v3/trade/order-info').data;
  }

  async getOpenOrders(query: { category?: string; symbol?: string; limit?: number; cursor?: string }): Promise<OpenOrdersPage> {
    const params: QueryParams = {
      category: query.category,
      symbol: query.symbol,
      cursor: query.cursor || undefined,
      limit: query.limit === undefined ? undefined : String(query.limit),
    };
    const env = await this.request('GET', '/api/v3/trade/unfilled-orders', params, undefined, true);
    return this.parse(openOrdersResponseSchema, env, '/api/v3/trade/unfilled-orders').data;
  }

  async modifyOrder(body: ModifyOrderRequest): Promise<ModifyAnswer> {
    const env = await this.request('POST', '/api/v3/trade/modify-order', {}, JSON.stringify(body), true);
    const parsed = this.parse(modifyOrderResponseSchema, env, '/api/v3/trade/modify-order');
    return { result: parsed.data, code: parsed.code, msg: parsed.msg, requestTime: parsed.requestTime };
  }

  private parse<T extends z.ZodType>(schema: T, envelope: unknown, path: string): z.output<T> {
    const r = schema.safeParse(envelope);
    if (!r.success) {
      throw deskError('internal', `The exchange's answer on ${path} does not match the API: ${z.prettifyError(r.error)}`, {
        path,
      });
    }
    return r.data;
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    params: QueryParams,
    body: string | undefined,
    signed: boolean,
  ): Promise<unknown> {
    const query = canonicalQuery(params);
    const url = `${this.baseUrl}${path}${query ? `?${encodedQuery(params)}` : ''}`;
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      locale: this.config.locale ?? 'en-US',
    };
    if (this.config.demoTrading) headers.paptrading = '1';
    if (signed) {
      const c = this.config.credentials;
      if (!c) throw deskError('vault', 'This profile has no API credentials; add them on the Profiles screen.');
      const timestamp = String(this.now());
      headers['ACCESS-KEY'] = c.apiKey;
      headers['ACCESS-PASSPHRASE'] = c.passphrase;
      headers['ACCESS-TIMESTAMP'] = timestamp;
      headers['ACCESS-SIGN'] = sign(c.secretKey, prehash(timestamp, method, path, query, body ?? ''));
    }
    const mutating = method === 'POST';
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 10000),
      });
    } catch (e) {
      throw transportError(e, path, mutating);
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch (e) {
      if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')) throw transportError(e, path, mutating);
      throw deskError('internal', `The exchange answered HTTP ${res.status} without a JSON body on ${path}.`, {
        httpStatus: res.status,
        path,
        mayHaveTakenEffect: mutating && res.status >= 500,
      });
    }
    const env = errorEnvelope.safeParse(json);
    if (res.ok && env.success && env.data.code === SUCCESS_CODE) return json;
    const code = env.success ? env.data.code : undefined;
    throw new DeskError({
      kind: res.status === 429 || code === '429' ? 'rate-limit' : 'exchange',
      message: env.success ? env.data.msg : `HTTP ${res.status}`,
      code,
      exchangeMsg: env.success ? env.data.msg : undefined,
      httpStatus: res.status,
      requestTime: env.success ? env.data.requestTime : undefined,
      path,
      // A 5xx after a POST may have been processed; a 4xx with an exchange code was not.
      mayHaveTakenEffect: mutating && res.status >= 500,
    });
  }
}

function transportError(e: unknown, path: string, mutating: boolean): DeskError {
  const err = e as { name?: string; cause?: { code?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError') {
    return deskError('timeout', `No answer from the exchange in time on ${path}.`, { path, mayHaveTakenEffect: mutating });
  }
  const code = err.cause?.code;
  // A refused connection never reached the exchange; any other break may have happened after it was sent.
  const notSent = code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
  return deskError('network', `Could not reach the exchange (${code ?? (e instanceof Error ? e.message : 'network error')}).`, {
    path,
    mayHaveTakenEffect: mutating && !notSent,
  });
}

import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, OTHER_ACCOUNT } from './accounts';
import { modify, orderInfo, publicGet, signedRequest, startTestExchange } from './test-support';

const ORDER_INFO = '/api/v3/trade/order-info';
const MODIFY = '/api/v3/trade/modify-order';
const btcRef: Array<[string, string]> = [['clientOid', 'demo-btc-open']];

describe('authentication of private endpoints', () => {
  it('checks the headers in the documented order and answers the matching code', async () => {
    const ex = await startTestExchange();
    const call = (headers: Record<string, string | undefined>, timestamp?: string) =>
      signedRequest(ex, 'GET', ORDER_INFO, { query: btcRef, headers, timestamp });
    const none = {
      'ACCESS-KEY': undefined,
      'ACCESS-SIGN': undefined,
      'ACCESS-PASSPHRASE': undefined,
      'ACCESS-TIMESTAMP': undefined,
    };

    expect((await call(none)).body.code).toBe('40001');
    expect((await call({ ...none, 'ACCESS-KEY': DEMO_ACCOUNT.apiKey })).body.code).toBe('40003');
    expect((await call({ ...none, 'ACCESS-KEY': DEMO_ACCOUNT.apiKey, 'ACCESS-SIGN': 'x' })).body.code).toBe('40011');
    expect((await call({ 'ACCESS-TIMESTAMP': undefined })).body.code).toBe('40005');
    expect((await call({}, 'yesterday')).body.code).toBe('40005');
    expect((await call({ 'ACCESS-KEY': 'bg_unknown' })).body.code).toBe('40006');
    expect((await call({}, String(Date.now() - 31_000))).body.code).toBe('40008');
    expect((await call({}, String(Date.now() + 31_000))).body.code).toBe('40008');
    expect((await call({ 'ACCESS-PASSPHRASE': 'wrong' })).body.code).toBe('40012');
    expect((await call({ 'ACCESS-SIGN': 'AAAA' })).body.code).toBe('40009');
    expect((await call({})).body.code).toBe('00000');
  });

  it('reports the earlier failure when several checks fail', async () => {
    const ex = await startTestExchange();
    // Unknown key outranks a stale timestamp; a stale timestamp outranks a wrong passphrase and signature.
    const stale = String(Date.now() - 120_000);
    const a = await signedRequest(ex, 'GET', ORDER_INFO, {
      query: btcRef,
      timestamp: stale,
      headers: { 'ACCESS-KEY': 'nope' },
    });
    expect(a.body.code).toBe('40006');
    const b = await signedRequest(ex, 'GET', ORDER_INFO, {
      query: btcRef,
      timestamp: stale,
      headers: { 'ACCESS-PASSPHRASE': 'wrong', 'ACCESS-SIGN': 'bad' },
    });
    expect(b.body.code).toBe('40008');
    const c = await signedRequest(ex, 'GET', ORDER_INFO, {
      query: btcRef,
      headers: { 'ACCESS-PASSPHRASE': 'wrong', 'ACCESS-SIGN': 'bad' },
    });
    expect(c.body.code).toBe('40012');
  });

  it('answers auth errors with HTTP 400 and the error envelope', async () => {
    const ex = await startTestExchange();
    const res = await signedRequest(ex, 'GET', ORDER_INFO, { query: btcRef, headers: { 'ACCESS-SIGN': 'bad' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: '40009', msg: expect.any(String), requestTime: expect.any(Number), data: null });
  });

  it('verifies the query as received: order kept, values percent-decoded, non-ASCII included', async () => {
    const ex = await startTestExchange();
    // A non-ASCII clientOid signed raw and sent encoded verifies (the order simply does not exist).
    const unicode: Array<[string, string]> = [['clientOid', 'ordre-été-注文']];
    expect((await signedRequest(ex, 'GET', ORDER_INFO, { query: unicode })).body.code).toBe('25204');
    // Signing the percent-encoded form is the classic client bug: refused.
    const encoded = `clientOid=${encodeURIComponent('ordre-été-注文')}`;
    expect((await signedRequest(ex, 'GET', ORDER_INFO, { query: unicode, signedQuery: encoded })).body.code).toBe(
      '40009',
    );
    // Parameters in an unsorted order verify when signed in the order sent…
    const unsorted: Array<[string, string]> = [
      ['symbol', 'BTCUSDT'],
      ['category', 'USDT-FUTURES'],
    ];
    expect((await signedRequest(ex, 'GET', '/api/v3/trade/unfilled-orders', { query: unsorted })).body.code).toBe(
      '00000',
    );
    // …and not when signed in another order than they were sent.
    const sortedText = 'category=USDT-FUTURES&symbol=BTCUSDT';
    const res = await signedRequest(ex, 'GET', '/api/v3/trade/unfilled-orders', {
      query: unsorted,
      signedQuery: sortedText,
    });
    expect(res.body.code).toBe('40009');
  });

  it('verifies the body bytes exactly as received', async () => {
    const ex = await startTestExchange();
    const spaced = '{ "clientOid" : "demo-btc-open",\n  "price":"60010.0" }';
    const accepted = await signedRequest(ex, 'POST', MODIFY, { body: spaced });
    expect(accepted.body.code).toBe('00000');
    // The same JSON re-serialized compactly is not what was sent: signature error.
    const compact = JSON.stringify(JSON.parse(spaced.replace('60010.0', '60020.0')) as object);
    const refused = await signedRequest(ex, 'POST', MODIFY, {
      body: spaced.replace('60010.0', '60020.0'),
      signedBody: compact,
    });
    expect(refused.body.code).toBe('40009');
  });

  it('accepts and ignores the paptrading header', async () => {
    const ex = await startTestExchange();
    const res = await signedRequest(ex, 'GET', ORDER_INFO, { query: btcRef, headers: { paptrading: '1' } });
    expect(res.body.code).toBe('00000');
  });

  it('judges timestamps by the server clock, which clockOffsetMs moves (also at runtime)', async () => {
    const ex = await startTestExchange({ clockOffsetMs: 120_000 });
    expect((await orderInfo(ex, { clientOid: 'demo-btc-open' })).body.code).toBe('40008');
    const time = await publicGet<{ serverTime: string }>(ex, '/api/v2/public/time');
    const skew = Number(time.body.data.serverTime) - Date.now();
    expect(skew).toBeGreaterThan(110_000);
    const corrected = await signedRequest(ex, 'GET', ORDER_INFO, {
      query: btcRef,
      timestamp: String(Date.now() + skew),
    });
    expect(corrected.body.code).toBe('00000');
    ex.control.setClockOffset(0);
    expect((await orderInfo(ex, { clientOid: 'demo-btc-open' })).body.code).toBe('00000');
  });

  it('refuses malformed JSON and non-object bodies with 40017 once the signature is valid', async () => {
    const ex = await startTestExchange();
    for (const body of ['{"clientOid": "demo-btc-open",', '[1,2]', 'null', '']) {
      const res = await signedRequest(ex, 'POST', MODIFY, { body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('40017');
    }
  });

  it('refuses bodies over 64 KiB', async () => {
    const ex = await startTestExchange();
    const body = JSON.stringify({ clientOid: 'demo-btc-open', price: '60001.0', pad: 'x'.repeat(70_000) });
    const res = await signedRequest(ex, 'POST', MODIFY, { body });
    expect(res.status).toBe(413);
    expect(res.body.data).toBeNull();
    // A body just under the limit is read and judged normally.
    const fits = JSON.stringify({ clientOid: 'demo-btc-open', price: '60001.0', pad: 'x'.repeat(60_000) });
    expect((await signedRequest(ex, 'POST', MODIFY, { body: fits })).body.code).toBe('00000');
  });

  it('authenticates each account with its own credentials only', async () => {
    const ex = await startTestExchange();
    const mixed = { ...OTHER_ACCOUNT, secretKey: DEMO_ACCOUNT.secretKey };
    expect((await modify(ex, { clientOid: 'other-btc-open', price: '58000.5' }, mixed)).body.code).toBe('40009');
    expect((await modify(ex, { clientOid: 'other-btc-open', price: '58000.5' }, OTHER_ACCOUNT)).body.code).toBe(
      '00000',
    );
  });
});

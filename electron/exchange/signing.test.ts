import { describe, expect, it } from 'vitest';
import { canonicalQuery, encodedQuery, prehash, sign } from './signing';

/*
 * Expected signatures were computed outside this code base with
 *   printf '%s' "<prehash>" | openssl dgst -sha256 -hmac "s3cr3t-Test-Key-9f2a" -binary | base64
 */
const SECRET = 's3cr3t-Test-Key-9f2a';

describe('signing (vectors from openssl)', () => {
  it("signs the documentation's worked example prehash", () => {
    const message = prehash(
      '16273667805456',
      'get',
      '/api/mix/v2/market/depth',
      canonicalQuery({ symbol: 'BTCUSDT', limit: '20' }),
      '',
    );
    expect(message).toBe('16273667805456GET/api/mix/v2/market/depth?limit=20&symbol=BTCUSDT');
    expect(sign(SECRET, message)).toBe('erQ3GLVqwnwSWfLV8ZxNcyZn/k/A2sn4RRR7rW9p65w=');
  });

  it('signs a non-ASCII query value raw (not percent-encoded)', () => {
    const query = canonicalQuery({ clientOid: 'ordre-été-№1' });
    const message = prehash('1700000000000', 'GET', '/api/v3/trade/order-info', query, '');
    expect(message).toBe('1700000000000GET/api/v3/trade/order-info?clientOid=ordre-été-№1');
    expect(sign(SECRET, message)).toBe('o0LHeyV2rrcBKyG6X0fv3lQdRyWv7JdMVvg0jMVh6G0=');
    // The wire form is encoded; the server decodes it back to the signed text.
    expect(encodedQuery({ clientOid: 'ordre-été-№1' })).toBe('clientOid=ordre-%C3%A9t%C3%A9-%E2%84%961');
  });

  it('signs a POST body byte for byte', () => {
    const body = '{"orderId":"1234567890","qty":"0.5","price":"25000.1","autoCancel":"no"}';
    const message = prehash('1700000000123', 'POST', '/api/v3/trade/modify-order', '', body);
    expect(sign(SECRET, message)).toBe('i/is2w59cHmaDwzEsrHLceAYxe88ssEB+In3BoGBXfo=');
  });

  it('sorts query keys and drops undefined values', () => {
    const query = canonicalQuery({ symbol: 'BTCUSDT', limit: '1', cursor: undefined, category: 'SPOT' });
    expect(query).toBe('category=SPOT&limit=1&symbol=BTCUSDT');
    expect(sign(SECRET, prehash('1700000000456', 'GET', '/api/v3/trade/unfilled-orders', query, ''))).toBe(
      'k86BfiVJNfjfHc2Y4BkTihiYJOb245h9D4SIPBSE2XQ=',
    );
  });

  it('has no "?" when the query is empty', () => {
    expect(prehash('1', 'GET', '/api/v2/public/time', '', '')).toBe('1GET/api/v2/public/time');
  });
});

import { describe, expect, it } from 'vitest';
import { DeskError, deskError } from '../../shared/errors';
import { REDACTED, secretScrubber } from './secret-scrub';

const KEY = 'bg_0123456789abcdef0123456789abcdef';
const PASS = 'Pass phrase/+&=é';
const s = secretScrubber([KEY, 'S3cret-Key', PASS]);

describe('texts', () => {
  it.each([
    ['raw', `k ${KEY} p ${PASS}`],
    ['upper-case URL-encoding', `k=${encodeURIComponent(KEY)}&p=${encodeURIComponent(PASS)}`],
    ['lower-case URL-encoding', `p=${encodeURIComponent(PASS).toLowerCase()}`],
    ['form encoding', new URLSearchParams({ p: PASS }).toString()],
    ['partly encoded', 'p=Pass+phrase%2F%2b&%3D%C3%A9'],
    ['JSON-escaped', JSON.stringify(JSON.stringify({ p: PASS }))],
    ['\\u-escaped', 'p=\\u0050ass phrase\\/+&=\\u00e9'],
    ['base64', `b=${Buffer.from(PASS).toString('base64')} u=${Buffer.from(PASS).toString('base64url')}`],
    ['another letter case', `key ${KEY.toUpperCase()}`],
  ])('removes the secrets when %s', (_, text) => {
    const out = s.text(text);
    expect(out).toContain(REDACTED);
    expect(out).not.toMatch(/Pass|phrase|0123456789/i);
    expect(out).not.toContain(Buffer.from(PASS).toString('base64').slice(0, 12));
  });

  it.each([
    ['ACCESS-KEY: abc', 'ACCESS-KEY: [redacted]'],
    ['"ACCESS-SIGN":"q1w2+e3/r4="', '"ACCESS-SIGN":"[redacted]"'],
    ['access-passphrase=xyz&locale=en-US', 'access-passphrase=[redacted]&locale=en-US'],
    ['Access-Timestamp = 1700000000000,', 'Access-Timestamp = [redacted],'],
    ['ACCESS_KEY:abc', 'ACCESS_KEY:[redacted]'],
    ['["ACCESS-KEY","abc","locale","en"]', '["ACCESS-KEY","[redacted]","locale","en"]'],
    ['{\\"access-key\\":\\"abc\\"}', '{\\"access-key\\":\\"[redacted]\\"}'],
    ['access-key%3A%20abc%0A', 'access-key%3A%20[redacted]'],
    ['ACCESS-PASSPHRASE: [redacted]', 'ACCESS-PASSPHRASE: [redacted]'],
  ])('redacts the value of an ACCESS-* header: %s', (text, expected) => {
    expect(s.text(text)).toBe(expected);
  });

  it('leaves ordinary words alone', () => {
    for (const text of [
      'Header ACCESS-KEY is missing; check ACCESS-SIGN, ACCESS-TIMESTAMP and ACCESS-PASSPHRASE.',
      'apikey/password is incorrect',
      '127.0.0.1:8080 answered HTTP 404 on /api/v2/public/time.',
    ])
      expect(s.text(text)).toBe(text);
  });

  it('replaces a short secret only where it stands apart', () => {
    const short = secretScrubber(['k', 's', 'p']);
    expect(short.text('127.0.0.1 answered HTTP 404 on /api/v2/public/time.')).toBe(
      '127.0.0.1 answered HTTP 404 on /api/v2/public/time.',
    );
    expect(short.text('key=k&pass=p&x=%3Dp')).toBe(`key=${REDACTED}&pass=${REDACTED}&x=%3D${REDACTED}`);
  });

  it('does nothing without secrets but still redacts ACCESS-* values', () => {
    expect(secretScrubber([]).text('ACCESS-KEY: abc, ok')).toBe('ACCESS-KEY: [redacted], ok');
    expect(secretScrubber([undefined, '']).text('plain')).toBe('plain');
  });
});

describe('answers', () => {
  it('scrubs msg as a text and data without corrupting ids and values', () => {
    const numeric = secretScrubber(['12345678', 'live', 'abc12']);
    const answer = {
      code: '00000',
      msg: 'echo abc12 12345678',
      requestTime: 1,
      data: {
        orderId: '1123456789',
        orderStatus: 'live',
        price: '12345678',
        note: 'pass=12345678&x=abc12',
        nested: [{ 'ACCESS-SIGN': 'sig==' }, ['access-key', 'k1', 'locale', 'en']],
      },
    };
    expect(numeric.answer(answer)).toEqual({
      code: '00000',
      msg: `echo ${REDACTED} ${REDACTED}`,
      requestTime: 1,
      data: {
        orderId: '1123456789', // the passphrase inside a longer number is not the passphrase
        orderStatus: 'live', // too short to be replaced in data
        price: REDACTED,
        note: `pass=${REDACTED}&x=abc12`,
        nested: [{ 'ACCESS-SIGN': REDACTED }, ['access-key', REDACTED, 'locale', 'en']],
      },
    });
    expect(answer.data.price).toBe('12345678'); // the input is not changed
  });

  it('scrubs keys too', () => {
    expect(s.answer({ [KEY]: 1 })).toEqual({ [REDACTED]: 1 });
  });

  it('keeps a large answer fast, and skips the walk when its text shows no trace of a secret', () => {
    const list = Array.from({ length: 5000 }, (_, i) =>
      Object.fromEntries(Array.from({ length: 40 }, (__, f) => [`field${f}`, `${i}.${f}0000`])),
    );
    const answer = { code: '00000', msg: 'success', requestTime: 1, data: list };
    const text = JSON.stringify(answer);
    let started = performance.now();
    expect(s.answer(answer)).toEqual(answer);
    expect(performance.now() - started).toBeLessThan(3000);
    started = performance.now();
    expect(s.answer(answer, text)).toBe(answer);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('is not fooled by \\u escapes in the raw text', () => {
    const raw = '{"msg":"ok","data":{"\\u0061ccess-sign":"sig=","x":"\\u0062g_0123456789abcdef0123456789abcdef"}}';
    expect(s.answer(JSON.parse(raw), raw)).toEqual({ msg: 'ok', data: { 'access-sign': REDACTED, x: REDACTED } });
  });
});

describe('errors', () => {
  it('returns a clean error as it is and a copy of one with a secret', () => {
    const clean = deskError('network', 'Could not reach x: nothing was sent.');
    expect(s.error(clean)).toBe(clean);
    const dirty = new DeskError({
      kind: 'exchange',
      message: `bad ${KEY}`,
      exchangeMsg: `ACCESS-KEY: ${KEY}`,
      code: '40012',
      mayHaveTakenEffect: false,
      details: [`p: ${PASS}`],
    });
    const out = s.error(dirty);
    expect(out).toBeInstanceOf(DeskError);
    expect(out.data).toEqual({
      kind: 'exchange',
      message: `bad ${REDACTED}`,
      exchangeMsg: `ACCESS-KEY: ${REDACTED}`,
      code: '40012',
      mayHaveTakenEffect: false,
      details: [`p: ${REDACTED}`],
    });
    expect(out.message).toBe(`bad ${REDACTED}`);
  });
});

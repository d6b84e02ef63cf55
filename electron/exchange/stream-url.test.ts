import { describe, expect, it } from 'vitest';
import { LIVE_BASE_URL } from '../../shared/profiles';
import { privateStreamUrl } from './stream-url';

describe('privateStreamUrl', () => {
  it('maps the live REST host to the live and the demo-trading stream hosts', () => {
    expect(privateStreamUrl(LIVE_BASE_URL)).toBe('wss://ws.bitget.com/v3/ws/private');
    expect(privateStreamUrl(`${LIVE_BASE_URL}/`)).toBe('wss://ws.bitget.com/v3/ws/private');
    expect(privateStreamUrl('https://API.bitget.com')).toBe('wss://ws.bitget.com/v3/ws/private');
    expect(privateStreamUrl(LIVE_BASE_URL, { demoTrading: true })).toBe('wss://wspap.bitget.com/v3/ws/private');
  });

  it('keeps any other host and port, with ws for http and wss for https', () => {
    expect(privateStreamUrl('http://127.0.0.1:43125')).toBe('ws://127.0.0.1:43125/v3/ws/private');
    expect(privateStreamUrl('http://[::1]:8080/')).toBe('ws://[::1]:8080/v3/ws/private');
    expect(privateStreamUrl('https://exchange.example:8443')).toBe('wss://exchange.example:8443/v3/ws/private');
    // Demo trading is a header on the live host only; elsewhere the host serves what it serves.
    expect(privateStreamUrl('http://localhost:9000', { demoTrading: true })).toBe('ws://localhost:9000/v3/ws/private');
  });

  it('keeps a path prefix, as the REST client does', () => {
    expect(privateStreamUrl('https://proxy.example/bitget/')).toBe('wss://proxy.example/bitget/v3/ws/private');
    expect(privateStreamUrl('https://api.bitget.com/gateway')).toBe('wss://api.bitget.com/gateway/v3/ws/private');
  });

  it('refuses what is not an http(s) URL', () => {
    expect(() => privateStreamUrl('api.bitget.com')).toThrow(TypeError);
    expect(() => privateStreamUrl('ftp://example.com')).toThrow(TypeError);
  });
});

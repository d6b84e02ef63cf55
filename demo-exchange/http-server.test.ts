/**
 * Requests Node's HTTP parser refuses before any handler runs, and uploads that stop halfway: the
 * answer is still the exchange's JSON envelope, and nothing is logged as an internal error.
 */
import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { startTestExchange } from './test-support';

/** Sends raw bytes and returns everything the server answered before closing. */
function raw(port: number, bytes: string, options: { endAfterMs?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let data = '';
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
    if (options.endAfterMs !== undefined) setTimeout(() => socket.destroy(), options.endAfterMs);
    setTimeout(() => socket.destroy(), 3000);
  });
}

function envelopeOf(answer: string): { status: number; body: { code: string; msg: string; data: unknown } } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
}

describe('what the HTTP parser refuses', () => {
  it.each([
    ['a bad Content-Length', 'GET /api/v2/public/time HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400],
    ['bytes that are not HTTP', '\u0001\u0002 nonsense\r\n\r\n', 400],
    [
      'headers over the size limit',
      `GET /api/v2/public/time HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
  ])('%s: answered with the JSON envelope', async (_name, bytes, status) => {
    const ex = await startTestExchange();
    const answer = envelopeOf(await raw(ex.port, bytes));
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ code: '40017', data: null });
    expect(answer.body.msg).toMatch(/^Bad request|^Request header fields too large/);
  });
});

describe('an upload that stops halfway', () => {
  it('is dropped quietly: no stack trace, and the exchange keeps answering', async () => {
    const ex = await startTestExchange();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await raw(
        ex.port,
        'POST /api/v3/trade/modify-order HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"orderId":',
        { endAfterMs: 100 },
      );
      await new Promise((r) => setTimeout(r, 100));
      expect(error).not.toHaveBeenCalled();
      const again = envelopeOf(
        await raw(ex.port, 'GET /api/v2/public/time HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      );
      expect(again.status).toBe(200);
    } finally {
      error.mockRestore();
    }
  });
});

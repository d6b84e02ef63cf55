/** The private stream's connection rules over a real WebSocket: path, login, ping, idle, bad frames. */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_ACCOUNT, OTHER_ACCOUNT } from './accounts';
import { loginFrame, ORDER_TOPIC, StreamClient, streamClient } from './stream-test-support';
import { eventually, startTestExchange } from './test-support';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

async function connected() {
  const ex = await startTestExchange();
  return { ex, client: await StreamClient.connect(ex.privateStreamUrl) };
}

describe('private stream: the endpoint', () => {
  it('upgrades only /v3/ws/private; any other path is refused with 404', async () => {
    const ex = await startTestExchange();
    const status = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${ex.port}/v3/ws/public`);
      ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.once('error', () => undefined);
        ws.terminate();
      });
      ws.once('open', () => reject(new Error('upgraded a path that does not exist')));
    });
    expect(status).toBe(404);
    // the query is not part of the path
    const client = await StreamClient.connect(`${ex.privateStreamUrl}?x=1`);
    expect(client.isOpen).toBe(true);
  });

  it('answers the text ping with the text pong, before and after login', async () => {
    const { client } = await connected();
    client.send('ping');
    expect(await client.next()).toBe('pong');
    client.send(loginFrame());
    await client.next();
    client.send('ping');
    expect(await client.next()).toBe('pong');
  });

  it('closes a connection that sends nothing for streamIdleMs', async () => {
    const ex = await startTestExchange({ streamIdleMs: 150 });
    const client = await StreamClient.connect(ex.privateStreamUrl);
    expect(await client.closed).toMatchObject({ code: 1000 });
    // the server sees the TCP close a moment after the client has the close frame
    await eventually(() => ex.control.streamConnectionCount() === 0);
  });

  it('closes a connection whose frame exceeds 64 KiB (1009)', async () => {
    const { client } = await connected();
    client.send('x'.repeat(64 * 1024 + 1));
    expect((await client.closed).code).toBe(1009);
  });
});

describe('private stream: login', () => {
  it('accepts a login signed over seconds + "GET/user/verify", as {"event":"login","code":0}', async () => {
    const { client } = await connected();
    client.send(loginFrame());
    expect(await client.nextJson()).toEqual({ event: 'login', code: 0 });
  });

  it("accepts the timestamp as a JSON number (bitget-api) and ignores extra top-level keys (ccxt's url)", async () => {
    const { ex, client } = await connected();
    client.send(loginFrame(OTHER_ACCOUNT, { timestamp: nowSeconds() }));
    expect(await client.nextJson()).toEqual({ event: 'login', code: 0 });
    const ccxtStyle = await StreamClient.connect(ex.privateStreamUrl);
    ccxtStyle.send({ ...loginFrame(), url: ex.privateStreamUrl });
    expect(await ccxtStyle.nextJson()).toEqual({ event: 'login', code: 0 });
  });

  it('refuses each bad credential with its code and keeps the connection for a good login', async () => {
    const { ex } = await connected();
    const cases: Array<[ReturnType<typeof loginFrame>, number]> = [
      [loginFrame(DEMO_ACCOUNT, { apiKey: 'bg_unknown_key' }), 30011],
      [loginFrame(DEMO_ACCOUNT, { passphrase: 'otherdesk' }), 30012],
      [loginFrame(DEMO_ACCOUNT, { secret: OTHER_ACCOUNT.secretKey }), 30015],
      [loginFrame(DEMO_ACCOUNT, { sign: 'not-a-signature' }), 30015],
      [loginFrame(DEMO_ACCOUNT, { timestamp: String(nowSeconds() - 60) }), 30014],
      [loginFrame(DEMO_ACCOUNT, { timestamp: String(nowSeconds() + 60) }), 30014],
      // milliseconds where seconds belong, correctly signed
      [loginFrame(DEMO_ACCOUNT, { timestamp: String(Date.now()) }), 30013],
      [loginFrame(DEMO_ACCOUNT, { timestamp: '17e8' }), 30013],
    ];
    // Two bad logins per connection: the third would close it (see the throttling tests).
    let client = await StreamClient.connect(ex.privateStreamUrl);
    for (const [i, [frame, code]] of cases.entries()) {
      if (i % 2 === 0 && i > 0) client = await StreamClient.connect(ex.privateStreamUrl);
      client.send(frame);
      expect(await client.nextJson(), JSON.stringify(frame.args[0])).toMatchObject({
        event: 'error',
        code,
        msg: expect.any(String),
      });
    }
    // not logged in by any of them
    client.send({ op: 'subscribe', args: [ORDER_TOPIC] });
    expect(await client.nextJson()).toMatchObject({ event: 'error', code: 30004 });
    client.send(loginFrame());
    expect(await client.nextJson()).toEqual({ event: 'login', code: 0 });
  });

  it("checks the timestamp against the server's clock, offset included", async () => {
    const { ex, client } = await connected();
    ex.control.setClockOffset(120_000);
    client.send(loginFrame());
    expect(await client.nextJson()).toMatchObject({ event: 'error', code: 30014 });
    client.send(loginFrame(DEMO_ACCOUNT, { timestamp: String(nowSeconds() + 120) }));
    expect(await client.nextJson()).toEqual({ event: 'login', code: 0 });
  });
});

describe('private stream: frames', () => {
  it('answers bad JSON, unknown ops and malformed args with an error event; the connection stays', async () => {
    const { client } = await connected();
    const cases: Array<[unknown, number]> = [
      ['{"op":', 30016],
      ['[1,2]', 30016],
      [{ op: 'trade', args: [] }, 30003],
      [{ op: 'login', args: [] }, 30016],
      [{ op: 'login', args: [{ apiKey: DEMO_ACCOUNT.apiKey }] }, 30016],
      [{ op: 'subscribe' }, 30016],
    ];
    for (const [frame, code] of cases) {
      client.send(frame);
      expect(await client.nextJson(), JSON.stringify(frame)).toMatchObject({ event: 'error', code });
    }
    client.send('ping');
    expect(await client.next()).toBe('pong');
  });

  it('refuses subscribe before login (30004) and echoes the argument', async () => {
    const { client } = await connected();
    client.send({ op: 'subscribe', args: [ORDER_TOPIC] });
    expect(await client.nextJson()).toMatchObject({ event: 'error', code: 30004, arg: ORDER_TOPIC });
  });

  it('acknowledges subscribe and unsubscribe per argument; unknown topics get 30001', async () => {
    const ex = await startTestExchange();
    const client = await streamClient(ex, DEMO_ACCOUNT, false);
    // ccxt adds a top-level "uta": true to its subscribe frame
    client.send({ op: 'subscribe', args: [ORDER_TOPIC, { instType: 'UTA', topic: 'position' }], uta: true });
    expect(await client.nextJson()).toEqual({ event: 'subscribe', arg: ORDER_TOPIC });
    expect(await client.nextJson()).toMatchObject({
      event: 'error',
      code: 30001,
      arg: { instType: 'UTA', topic: 'position' },
    });
    client.send({ op: 'unsubscribe', args: [ORDER_TOPIC] });
    expect(await client.nextJson()).toEqual({ event: 'unsubscribe', arg: ORDER_TOPIC });
  });
});

describe('private stream: throttling', () => {
  it('closes a connection after three failed logins (1008), after answering the third', async () => {
    const { client } = await connected();
    const bad = loginFrame(DEMO_ACCOUNT, { passphrase: 'guess' });
    for (let i = 0; i < 2; i++) {
      client.send(bad);
      expect(await client.nextJson()).toMatchObject({ event: 'error', code: 30012 });
    }
    client.send(bad);
    expect(await client.nextJson()).toMatchObject({ event: 'error', code: 30012 });
    expect(await client.closed).toEqual({ code: 1008, reason: 'too many failed logins' });
  });

  it('after 20 failed logins in a minute from one address, closes at the first failure of a new connection', async () => {
    const ex = await startTestExchange();
    const bad = loginFrame(DEMO_ACCOUNT, { apiKey: 'bg_guess' });
    for (let c = 0; c < 10; c++) {
      const client = await StreamClient.connect(ex.privateStreamUrl);
      for (let i = 0; i < 2; i++) {
        client.send(bad);
        await client.nextJson();
      }
      client.terminate();
    }
    const next = await StreamClient.connect(ex.privateStreamUrl);
    next.send(bad);
    expect(await next.nextJson()).toMatchObject({ event: 'error', code: 30011 });
    expect((await next.closed).code).toBe(1008);
    // A good login is not counted against anybody.
    const good = await StreamClient.connect(ex.privateStreamUrl);
    good.send(loginFrame());
    expect(await good.nextJson()).toEqual({ event: 'login', code: 0 });
  });

  it('refuses connections beyond the cap per address with 429, and takes one again once one closes', async () => {
    const ex = await startTestExchange({ streamMaxPerAddress: 3 });
    const clients = await Promise.all([1, 2, 3].map(() => StreamClient.connect(ex.privateStreamUrl)));
    const status = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(ex.privateStreamUrl);
      ws.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.once('error', () => undefined);
        ws.terminate();
      });
      ws.once('open', () => reject(new Error('a fourth connection was accepted')));
    });
    expect(status).toBe(429);
    clients[0]?.terminate();
    await eventually(() => ex.control.streamConnectionCount() === 2);
    const again = await StreamClient.connect(ex.privateStreamUrl);
    expect(again.isOpen).toBe(true);
  });
});

/** `--state FILE` / options.state: validation messages and defaults. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from './accounts';
import { loadStateFile, startDemoExchange } from './index';
import { StateValidationError, type DemoStateInput } from './state-schema';
import { orderInfo, publicGet, signedRequest, startTestExchange } from './test-support';

const dir = mkdtempSync(join(tmpdir(), 'demo-state-'));
let n = 0;
function stateFile(content: unknown): string {
  const path = join(dir, `state-${++n}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

const account = { ...DEMO_ACCOUNT };
const goodOrder = {
  uid: DEMO_ACCOUNT.uid,
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  price: '61000.0',
  qty: '0.0200',
};

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected an error');
}

describe('loadStateFile', () => {
  it('names an unreadable file', () => {
    const msg = errorOf(() => loadStateFile(join(dir, 'missing.json')));
    expect(msg).toContain(join(dir, 'missing.json'));
    expect(msg).toMatch(/Cannot read/);
  });

  it('names a file that is not JSON', () => {
    const path = stateFile('{ "accounts": [ ');
    const msg = errorOf(() => loadStateFile(path));
    expect(msg).toContain(path);
    expect(msg).toMatch(/not valid JSON/);
  });

  it.each([
    [
      'a wrong type',
      { accounts: [account], orders: [{ ...goodOrder, price: 61000 }] },
      'orders[0].price',
      /expected string/,
    ],
    [
      'a non-decimal price',
      { accounts: [account], orders: [{ ...goodOrder, price: '61,000' }] },
      'orders[0].price',
      /positive plain decimal/,
    ],
    [
      'a missing field',
      { accounts: [{ uid: '1', apiKey: 'k', secretKey: 's' }] },
      'accounts[0].passphrase',
      /expected string/,
    ],
    ['no accounts', { accounts: [] }, 'accounts', /.+/],
    ['an unknown key', { accounts: [account], order: [] }, '(root)', /order/],
    [
      'an unknown order status',
      { accounts: [account], orders: [{ ...goodOrder, orderStatus: 'open' }] },
      'orders[0].orderStatus',
      /live/,
    ],
    [
      'an unknown uid',
      { accounts: [account], orders: [{ ...goodOrder, uid: '42' }] },
      'orders[0].uid',
      /unknown account uid "42"/,
    ],
    [
      'an unknown instrument',
      { accounts: [account], orders: [{ ...goodOrder, symbol: 'NOPEUSDT' }] },
      'orders[0].symbol',
      /no instrument NOPEUSDT/,
    ],
    [
      'a bad orderId',
      { accounts: [account], orders: [{ ...goodOrder, orderId: 'abc' }] },
      'orders[0].orderId',
      /numeric/,
    ],
    [
      'duplicate orderIds',
      {
        accounts: [account],
        orders: [
          { ...goodOrder, orderId: '1' },
          { ...goodOrder, orderId: '1' },
        ],
      },
      'orders[1].orderId',
      /duplicate/,
    ],
    [
      'duplicate clientOids',
      {
        accounts: [account],
        orders: [
          { ...goodOrder, clientOid: 'a' },
          { ...goodOrder, clientOid: 'a' },
        ],
      },
      'orders[1].clientOid',
      /duplicate/,
    ],
    [
      'fills above qty',
      { accounts: [account], orders: [{ ...goodOrder, cumExecQty: '1', orderStatus: 'partially_filled' }] },
      'orders[0].cumExecQty',
      /exceeds/,
    ],
    [
      'a live order with fills',
      { accounts: [account], orders: [{ ...goodOrder, cumExecQty: '0.01' }] },
      'orders[0].cumExecQty',
      /partially_filled/,
    ],
    [
      'a bad instrument status',
      {
        accounts: [account],
        instruments: [{ category: 'SPOT', symbol: 'AUSDT', baseCoin: 'A', quoteCoin: 'USDT', status: 'open' }],
      },
      'instruments[0].status',
      /online/,
    ],
    [
      'a bad instrument category',
      {
        accounts: [account],
        instruments: [{ category: 'FUTURES', symbol: 'AUSDT', baseCoin: 'A', quoteCoin: 'USDT', status: 'online' }],
      },
      'instruments[0].category',
      /.+/,
    ],
  ])('refuses %s, naming the file, the JSON path and the expectation', (_what, content, path, expectation) => {
    const file = stateFile(content);
    const msg = errorOf(() => loadStateFile(file));
    expect(msg).toContain(file);
    expect(msg).toContain(`${path}:`);
    expect(msg).toMatch(expectation);
  });

  it('checks orders against the file’s own instruments when it has some', () => {
    const file = stateFile({
      accounts: [account],
      instruments: [{ category: 'SPOT', symbol: 'AUSDT', baseCoin: 'A', quoteCoin: 'USDT', status: 'online' }],
      orders: [goodOrder],
    });
    expect(errorOf(() => loadStateFile(file))).toMatch(
      /orders\[0\]\.symbol: no instrument BTCUSDT in category USDT-FUTURES/,
    );
  });

  it('returns a valid state as given', () => {
    const content = { accounts: [account], orders: [goodOrder] };
    expect(loadStateFile(stateFile(content))).toEqual(content);
  });
});

describe('a state given to the server', () => {
  it('is refused at start when invalid', async () => {
    const bad = { accounts: [account], orders: [{ ...goodOrder, uid: '7' }] } as DemoStateInput;
    await expect(startDemoExchange({ state: bad })).rejects.toBeInstanceOf(StateValidationError);
  });

  it('replaces the bundled orders; missing order fields get sensible defaults', async () => {
    const before = Date.now();
    const ex = await startTestExchange({
      state: loadStateFile(stateFile({ accounts: [account], orders: [goodOrder] })),
    });
    const list = await signedRequest<{ list: Array<Record<string, string>> }>(
      ex,
      'GET',
      '/api/v3/trade/unfilled-orders',
    );
    expect(list.body.data.list).toHaveLength(1);
    const order = list.body.data.list[0] ?? {};
    expect(order).toMatchObject({
      side: 'buy',
      orderType: 'limit',
      cumExecQty: '0',
      orderStatus: 'live',
      timeInForce: 'gtc',
    });
    expect(order.orderId).toMatch(/^\d{19}$/);
    expect(order.clientOid).toMatch(/.+/);
    expect(Number(order.createdTime)).toBeGreaterThanOrEqual(before);
    expect(order.updatedTime).toBe(order.createdTime);
    expect((await orderInfo(ex, { clientOid: 'demo-btc-open' })).body.code).toBe('25204');
    // Instruments absent from the file: the bundled set.
    const spot = await publicGet<unknown[]>(ex, '/api/v3/market/instruments?category=SPOT');
    expect(spot.body.data.length).toBeGreaterThan(200);
  });

  it('serves a file’s own instruments, with unknown fields kept', async () => {
    const inst = {
      category: 'SPOT',
      symbol: 'AUSDT',
      baseCoin: 'A',
      quoteCoin: 'USDT',
      status: 'online',
      pricePrecision: '2',
      brandNew: 'x',
    };
    const ex = await startTestExchange({ state: { accounts: [account], instruments: [inst] } as DemoStateInput });
    const res = await publicGet<unknown[]>(ex, '/api/v3/market/instruments?category=SPOT');
    expect(res.body.data).toEqual([inst]);
    expect((await publicGet<unknown[]>(ex, '/api/v3/market/instruments?category=MARGIN')).body.data).toEqual([]);
  });
});

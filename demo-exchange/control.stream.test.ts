/**
 * The control API around the stream: dropping and counting connections, close() and reset(), and
 * the fill / cancel / place methods with their refusals and their interplay with the engine.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from './accounts';
import { fixtureState } from './rule-test-state';
import { StateValidationError } from './state-schema';
import { nextPushedOrder, streamClient } from './stream-test-support';
import { eventually, modify, startTestExchange } from './test-support';

async function exchange() {
  return startTestExchange({ state: fixtureState() });
}

const uid = DEMO_ACCOUNT.uid;

describe('stream control: connections', () => {
  it('counts connections and drops them all abruptly', async () => {
    const ex = await exchange();
    const clients = await Promise.all([streamClient(ex), streamClient(ex), streamClient(ex, DEMO_ACCOUNT, false)]);
    expect(ex.control.streamConnectionCount()).toBe(3);
    ex.control.dropStreamConnections();
    expect(ex.control.streamConnectionCount()).toBe(0);
    // no closing handshake: the clients see an abnormal closure
    for (const c of clients) expect((await c.closed).code).toBe(1006);
    // and can connect again
    const again = await streamClient(ex);
    ex.control.fillOrder(uid, 'fut', '0.1');
    expect(await nextPushedOrder(again)).toMatchObject({ clientOid: 'fut' });
  });

  it('close() ends every connection and resolves', async () => {
    const ex = await exchange();
    const clients = await Promise.all([streamClient(ex), streamClient(ex)]);
    await ex.close();
    for (const c of clients) await c.closed;
    expect(clients.some((c) => c.isOpen)).toBe(false);
  });

  it('reset() keeps connections, logins and subscriptions; pushes are about the restored orders', async () => {
    const ex = await exchange();
    const client = await streamClient(ex);
    ex.control.fillOrder(uid, 'fut', '0.5');
    expect(await nextPushedOrder(client)).toMatchObject({ cumExecQty: '0.5' });
    ex.control.reset();
    expect(ex.control.streamConnectionCount()).toBe(1);
    ex.control.fillOrder(uid, 'fut', '0.1');
    expect(await nextPushedOrder(client)).toMatchObject({ cumExecQty: '0.1' });
  });
});

describe('stream control: fill, cancel, place', () => {
  it('refuses what the exchange could not do', async () => {
    const ex = await exchange();
    expect(() => ex.control.fillOrder(uid, 'nope')).toThrow(/no order "nope"/);
    expect(() => ex.control.fillOrder(uid, 'theirs')).toThrow(/no order/);
    expect(() => ex.control.fillOrder(uid, 'fut', '1.001')).toThrow(/at most the remaining 1/);
    expect(() => ex.control.fillOrder(uid, 'fut', '0')).toThrow(/not a positive decimal/);
    expect(() => ex.control.fillOrder(uid, 'filled')).toThrow(/filled/);
    expect(() => ex.control.cancelOrder(uid, 'cancelled')).toThrow(/cannot be cancelled/);
    const base = { uid, category: 'USDT-FUTURES', symbol: 'TESTUSDT', price: '100', qty: '1' } as const;
    expect(() => ex.control.placeOrder({ ...base, orderStatus: 'filled' })).toThrow(/open orders/);
    expect(() => ex.control.placeOrder({ ...base, symbol: 'NOPEUSDT' })).toThrow(StateValidationError);
    expect(() => ex.control.placeOrder({ ...base, uid: '42' })).toThrow(/unknown account uid/);
    expect(() => ex.control.placeOrder({ ...base, clientOid: 'fut' })).toThrow(/clientOid "fut" is taken/);
    expect(() => ex.control.placeOrder({ ...base, orderId: '1000000000000000001' })).toThrow(/is taken/);
  });

  it('places many orders, each with a new and higher orderId', async () => {
    const ex = await exchange();
    const ids = Array.from({ length: 60 }, (_, i) =>
      BigInt(
        ex.control.placeOrder({ uid, category: 'SPOT', symbol: 'TESTUSDT', price: '100', qty: String(i + 1) }).orderId,
      ),
    );
    expect(ids.every((id, i) => i === 0 || id > (ids[i - 1] as bigint))).toBe(true);
  });

  it('a fill that completes an order with a pending modification ends it: nothing is applied later', async () => {
    const ex = await exchange();
    const client = await streamClient(ex);
    await modify(ex, { clientOid: 'fut', price: '105.00' });
    ex.control.fillOrder(uid, 'fut');
    expect(await nextPushedOrder(client)).toMatchObject({ orderStatus: 'filled', price: '100.00' });
    await eventually(() => ex.control.getOrder(uid, 'fut')?.pendingModification === null);
    expect(ex.control.getOrder(uid, 'fut')).toMatchObject({ orderStatus: 'filled', price: '100.00' });
    // the modification's push would have come first
    ex.control.cancelOrder(uid, 'fut2');
    expect(await nextPushedOrder(client)).toMatchObject({ clientOid: 'fut2' });
  });

  it('a cancellation by the holder during an auto-cancel stands, and is pushed once', async () => {
    const ex = await exchange();
    const client = await streamClient(ex);
    await modify(ex, { clientOid: 'partial', qty: '0.5', autoCancel: 'yes' });
    await eventually(() => ex.control.getOrder(uid, 'partial')?.autoCancelPhase === 'cancelling');
    ex.control.cancelOrder(uid, 'partial');
    expect(await nextPushedOrder(client)).toMatchObject({ orderStatus: 'cancelled', cancelReason: 'normal_cancel' });
    await eventually(() => ex.control.getOrder(uid, 'partial')?.autoCancelPhase === 'none');
    expect(ex.control.getOrder(uid, 'partial')?.cancelReason).toBe('normal_cancel');
    ex.control.cancelOrder(uid, 'fut2');
    expect(await nextPushedOrder(client)).toMatchObject({ clientOid: 'fut2' });
  });
});

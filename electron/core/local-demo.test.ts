/** The Local demo's embedded exchange keeps its state in the user-data folder across restarts. */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../demo-exchange';
import { LOCAL_DEMO_PORT_FILE, LOCAL_DEMO_STATE_FILE, LocalDemo } from './local-demo';

const BTC = '1387296516478935041';
const open: LocalDemo[] = [];

function demoIn(dir: string, notes: string[] = []): LocalDemo {
  const demo = new LocalDemo({
    stateFile: join(dir, LOCAL_DEMO_STATE_FILE),
    engineLatencyMs: 0,
    saveEveryMs: 60_000,
    onNote: (m) => notes.push(m),
  });
  open.push(demo);
  return demo;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close()));
});

describe('LocalDemo state across restarts', () => {
  it('keeps orders, fills and instrument changes after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-demo-'));
    const first = demoIn(dir);
    const { control } = await first.exchange();
    control.fillOrder(DEMO_ACCOUNT.uid, BTC, '0.004');
    control.setInstrumentStatus('USDT-FUTURES', 'BTCUSDT', 'limit_close');
    const placed = control.placeOrder({
      uid: DEMO_ACCOUNT.uid,
      category: 'SPOT',
      symbol: 'BTCUSDT',
      price: '50000',
      qty: '0.001',
    });
    await first.close();

    const second = demoIn(dir);
    const again = (await second.exchange()).control;
    expect(again.getOrder(DEMO_ACCOUNT.uid, BTC)).toMatchObject({
      cumExecQty: '0.004',
      orderStatus: 'partially_filled',
    });
    expect(again.getOrder(DEMO_ACCOUNT.uid, placed.orderId)).toMatchObject({ price: '50000', qty: '0.001' });
    expect(
      (await second.exchange())
        .snapshotState()
        .instruments?.find((i) => i.symbol === 'BTCUSDT' && i.category === 'USDT-FUTURES')?.status,
    ).toBe('limit_close');
  });

  it('starts fresh with a note, never a crash, when the stored state is corrupt', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-demo-'));
    writeFileSync(join(dir, LOCAL_DEMO_STATE_FILE), '{"accounts": [ {"uid": ');
    const notes: string[] = [];
    const demo = demoIn(dir, notes);
    const { control } = await demo.exchange();
    expect(control.getOrder(DEMO_ACCOUNT.uid, BTC)).toMatchObject({ cumExecQty: '0', orderStatus: 'live' });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/could not be used.*starts fresh/);
    // The unusable file is kept aside for a look, not deleted.
    expect(readdirSync(dir).some((f) => f.startsWith(`${LOCAL_DEMO_STATE_FILE}.unusable-`))).toBe(true);
  });

  it('a state that is valid JSON but not a state also starts fresh', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-demo-'));
    writeFileSync(join(dir, LOCAL_DEMO_STATE_FILE), JSON.stringify({ accounts: [], orders: 3 }));
    const notes: string[] = [];
    await demoIn(dir, notes).exchange();
    expect(notes[0]).toMatch(/could not be used/);
  });

  it('reset goes back to the bundled state and writes it at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-demo-'));
    const demo = demoIn(dir);
    const { control } = await demo.exchange();
    control.cancelOrder(DEMO_ACCOUNT.uid, BTC);
    await demo.reset();
    expect(control.getOrder(DEMO_ACCOUNT.uid, BTC)).toMatchObject({ orderStatus: 'live' });
    const stored = JSON.parse(readFileSync(join(dir, LOCAL_DEMO_STATE_FILE), 'utf8')) as {
      orders: { orderId: string; orderStatus: string }[];
    };
    expect(stored.orders.find((o) => o.orderId === BTC)?.orderStatus).toBe('live');
  });

  it('keeps nothing for an external demo exchange, and refuses to reset it', async () => {
    const demo = new LocalDemo({ externalUrl: 'http://127.0.0.1:9' });
    expect(await demo.url()).toBe('http://127.0.0.1:9');
    await expect(demo.reset()).rejects.toThrow(/outside the app/);
  });
});

describe('LocalDemo port across restarts', () => {
  function demoWithPort(dir: string): LocalDemo {
    const demo = new LocalDemo({
      stateFile: join(dir, LOCAL_DEMO_STATE_FILE),
      portFile: join(dir, LOCAL_DEMO_PORT_FILE),
      engineLatencyMs: 0,
      saveEveryMs: 60_000,
    });
    open.push(demo);
    return demo;
  }

  it('keeps its port when it is free, so a profile pointed at it still reaches it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-demo-port-'));
    const first = demoWithPort(dir);
    const url = await first.url();
    await first.close();
    const second = demoWithPort(dir);
    expect(await second.url()).toBe(url);
  });

  it('takes another port when its own is taken, and keeps that one next', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-demo-port-'));
    const first = demoWithPort(dir);
    const port = Number(new URL(await first.url()).port);
    await first.close();
    const squatter = createServer();
    await new Promise<void>((done) => squatter.listen(port, '127.0.0.1', done));
    try {
      const second = demoWithPort(dir);
      const moved = Number(new URL(await second.url()).port);
      expect(moved).not.toBe(port);
      await second.close();
      expect(readFileSync(join(dir, LOCAL_DEMO_PORT_FILE), 'utf8').trim()).toBe(String(moved));
    } finally {
      await new Promise<void>((done) => squatter.close(() => done()));
    }
  });

  it('starts on a free port when the file holds no port', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-demo-port-'));
    writeFileSync(join(dir, LOCAL_DEMO_PORT_FILE), 'not a port');
    const demo = demoWithPort(dir);
    expect(Number(new URL(await demo.url()).port)).toBeGreaterThan(0);
  });
});

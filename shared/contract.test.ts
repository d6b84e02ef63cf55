import { describe, expect, it, vi } from 'vitest';
import { buildDeskApi, CHANNELS, contract, methodOfChannel, unwrap } from './contract';
import { DeskError } from './errors';
import { LOCAL_DEMO_SUMMARY } from './testing/local-demo-profile';

const status = {
  version: '1.0.0',
  activeProfile: LOCAL_DEMO_SUMMARY,
  clockSkewMs: null,
  storage: { backend: 'test', strong: true, sealsWith: 'os', vault: 'unset' },
};

describe('IPC contract', () => {
  it('gives every method its own channel', () => {
    expect(new Set(CHANNELS).size).toBe(Object.keys(contract).length);
    for (const c of CHANNELS) expect(methodOfChannel(c)).toBeDefined();
    expect(methodOfChannel('nope')).toBeUndefined();
  });

  it('builds one function per method that invokes the method’s channel with the request', async () => {
    const invoke = vi.fn(async () => ({ ok: true, data: status }));
    const desk = buildDeskApi(invoke);
    expect(Object.keys(desk).sort()).toEqual(Object.keys(contract).sort());
    const r = await desk.getAppStatus({});
    expect(invoke).toHaveBeenCalledWith('app:status', {});
    expect(r).toEqual({ ok: true, data: status });
  });

  it('passes a structured error through as a result, and unwrap turns it into a DeskError', async () => {
    const error = { kind: 'exchange', message: 'order does not exist', code: '25204', mayHaveTakenEffect: false };
    const desk = buildDeskApi(async () => ({ ok: false, error }));
    const r = await desk.getOrder({ clientOid: 'x' });
    expect(r).toEqual({ ok: false, error });
    await expect(unwrap(r)).rejects.toBeInstanceOf(DeskError);
    await expect(unwrap(r)).rejects.toMatchObject({ data: { code: '25204' } });
  });

  it('reports an answer that breaks the response schema instead of passing it on', async () => {
    const desk = buildDeskApi(async () => ({ ok: true, data: { ...status, version: 42 } }));
    const r = await desk.getAppStatus({});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/Unexpected answer on app:status/);
  });

  it('reports a failing invoke and a malformed envelope as internal errors', async () => {
    const failing = buildDeskApi(async () => {
      throw new Error('channel closed');
    });
    const r1 = await failing.listProfiles({});
    expect(r1).toMatchObject({ ok: false, error: { kind: 'internal' } });
    const garbage = buildDeskApi(async () => 'garbage');
    const r2 = await garbage.listProfiles({});
    expect(r2).toMatchObject({ ok: false, error: { kind: 'internal', message: 'Malformed answer on profiles:list' } });
  });

  it('answers an attempt together with the guard main holds on its order', async () => {
    const attempt = {
      id: 'att-1',
      profileId: 'local-demo',
      profileName: 'Local demo',
      environment: 'local-demo',
      startedAt: 1,
      request: { clientOid: 'demo-btc-open', price: '60010.0' },
      status: 'sending',
      summary: 'Sending the modification…',
      timeline: [],
    };
    const guard = {
      state: 'in-flight',
      attemptId: 'att-1',
      reason: 'A modification of order demo-btc-open is in progress',
    };
    const withGuard = buildDeskApi(async () => ({ ok: true, data: { ...attempt, guard } }));
    expect(await withGuard.sendModification({ request: attempt.request })).toEqual({
      ok: true,
      data: { ...attempt, guard },
    });
    const without = buildDeskApi(async () => ({ ok: true, data: attempt }));
    expect(await without.getAttempt({ id: 'att-1' })).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });
});

describe('ill-formed text (a lone UTF-16 surrogate) at the contract', () => {
  const lone = 'BTC\ud800USDT';
  const cases: Array<
    [string, { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } }, unknown]
  > = [
    ['orders:get clientOid', contract.getOrder.request, { clientOid: `oid-${lone}` }],
    ['orders:get orderId', contract.getOrder.request, { orderId: '\udc00123' }],
    ['market:tickers symbol', contract.getTickers.request, { category: 'SPOT', symbol: lone }],
    ['instruments:list symbol', contract.listInstruments.request, { category: 'SPOT', symbol: lone }],
    ['orders:open symbol', contract.listOpenOrders.request, { symbol: lone }],
    ['amend:send clientOid', contract.sendModification.request, { request: { clientOid: lone, price: '1' } }],
    ['amend:send symbol', contract.sendModification.request, { request: { orderId: '1', symbol: lone, price: '1' } }],
    ['run:start item', contract.startRun.request, { items: [{ orderId: '1', symbol: lone, price: '1' }] }],
    ['changes:seen symbols', contract.markChangesSeen.request, { category: 'SPOT', symbols: [lone] }],
    ['profiles:test id', contract.testConnection.request, { id: lone }],
  ];

  it.each(cases)('refuses %s with words', (_name, schema, payload) => {
    const r = schema.safeParse(payload);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message).join(' ')).toMatch(/half of a character/);
  });

  it('accepts well-formed text, paired surrogates (emoji) included', () => {
    expect(contract.getOrder.request.safeParse({ clientOid: 'oid-🚀-1' }).success).toBe(true);
    expect(contract.getTickers.request.safeParse({ category: 'SPOT', symbol: 'BTCUSDT' }).success).toBe(true);
  });
});

describe('ill-formed text in profile and vault requests', () => {
  it.each([
    ['name', { name: 'Desk \ud83d', environment: 'live' }],
    ['apiKey', { name: 'Desk', environment: 'live', apiKey: 'k\udfff', secretKey: 's', passphrase: 'p' }],
    ['baseUrl', { name: 'Desk', environment: 'custom', baseUrl: 'https://a\ud800.example' }],
  ])('profiles:create refuses a lone surrogate in %s', (_field, payload) => {
    const r = contract.createProfile.request.safeParse(payload);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message).join(' ')).toMatch(/half of a character/);
  });

  it('vault:setup refuses a passphrase that would not survive UTF-8 (two of them would become one key)', () => {
    expect(contract.setupVault.request.safeParse({ passphrase: 'long enough \ud800' }).success).toBe(false);
  });
});

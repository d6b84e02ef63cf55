import { beforeEach, describe, expect, it } from 'vitest';
import { AMEND_START, EMPTY_DRAFT, namesOrder, READY_NOTICE, useAmend } from './amend-store';
import type { Order } from '../../../shared/schemas';
import { guardOf } from './known-guards';

beforeEach(() => useAmend.setState(AMEND_START));

describe('the desk state', () => {
  it('needs a new review after any edit', () => {
    const s = useAmend.getState();
    s.setField('price', '1');
    s.review(true);
    expect(useAmend.getState().reviewed).not.toBeNull();
    s.setField('price', '2');
    expect(useAmend.getState().reviewed).toBeNull();
  });

  it('shows required errors from the first review, and a send starts afresh', () => {
    const s = useAmend.getState();
    s.review(false);
    expect(useAmend.getState()).toMatchObject({ showRequired: true, reviewed: null });
    s.review(true);
    s.setAttempt('a1');
    expect(useAmend.getState()).toMatchObject({ attemptId: 'a1', showRequired: false, reviewed: null });
  });

  it('files main’s guards by order', () => {
    useAmend.getState().noteGuard({ orderId: '1001', clientOid: 'c' }, { state: 'locked', reason: 'cancelled' });
    expect(guardOf(useAmend.getState().guards, { clientOid: 'c' }).state).toBe('locked');
  });

  it('does not notify for the same status line again', () => {
    let notified = 0;
    const stop = useAmend.subscribe(() => notified++);
    useAmend.getState().say('Following: Accepted');
    useAmend.getState().say('Following: Accepted');
    stop();
    expect(notified).toBe(1);
    expect(useAmend.getState().notice).toBe('Following: Accepted');
  });

  it('keeps what kind of line the notice is, so the banner can look like it', () => {
    expect(useAmend.getState().noticeKind).toBe('ready');
    useAmend.getState().say('Applied: price 1 → 2', 'applied');
    expect(useAmend.getState()).toMatchObject({ notice: 'Applied: price 1 → 2', noticeKind: 'applied' });
    useAmend.getState().say('Loaded order x');
    expect(useAmend.getState().noticeKind).toBe('info');
  });

  it('takes a prefill from the instrument browser once, with a fresh draft', () => {
    const s = useAmend.getState();
    s.setField('price', '5');
    s.takePrefill(7, 'SPOT', 'SOLUSDT');
    expect(useAmend.getState().draft).toEqual({ ...EMPTY_DRAFT, category: 'SPOT', symbol: 'SOLUSDT' });
    s.setField('price', '6');
    s.takePrefill(7, 'SPOT', 'SOLUSDT');
    expect(useAmend.getState().draft.price).toBe('6');
  });
});

describe('the draft belongs to one order', () => {
  const order = (orderId: string, clientOid: string, symbol = 'BTCUSDT'): Order => ({
    orderId,
    clientOid,
    category: 'USDT-FUTURES',
    symbol,
    orderStatus: 'live',
  });
  const FREE = { state: 'free' } as const;
  const load = (o: Order) => {
    const gen = useAmend.getState().startLoad();
    return useAmend.getState().landLoad(gen, o, FREE);
  };

  it('a load fills both IDs, category and symbol from the exchange’s answer', () => {
    useAmend.getState().setField('clientOid', 'demo-sol-partial');
    load(order('1003', 'demo-sol-partial', 'SOLUSDT'));
    expect(useAmend.getState().draft).toMatchObject({
      orderId: '1003',
      clientOid: 'demo-sol-partial',
      category: 'USDT-FUTURES',
      symbol: 'SOLUSDT',
    });
  });

  it('editing either ID unloads the order, empties the other ID and the change, and starts the counters afresh', () => {
    load(order('1003', 'demo-sol-partial'));
    const s = useAmend.getState();
    s.setField('qty', '1');
    s.review(true);
    const gen = useAmend.getState().draftGen;
    useAmend.getState().setField('clientOid', 'demo-btc-open');
    expect(useAmend.getState()).toMatchObject({
      loaded: null,
      reviewed: null,
      showRequired: false,
      draft: { orderId: '', clientOid: 'demo-btc-open', qty: '', price: '' },
    });
    expect(useAmend.getState().draftGen).toBe(gen + 1);
    useAmend.getState().setField('orderId', '1001');
    expect(useAmend.getState().draft).toMatchObject({ orderId: '1001', clientOid: '' });
  });

  it('editing an ID clears the category and symbol the order filled in; those given before any order stay', () => {
    load(order('1001', 'demo-btc-open'));
    useAmend.getState().setField('clientOid', 'demo-eth-filled');
    expect(useAmend.getState().draft).toMatchObject({
      orderId: '',
      clientOid: 'demo-eth-filled',
      category: '',
      symbol: '',
    });
    // Given by the operator (or handed over by the instrument browser): theirs, kept while an ID is typed.
    useAmend.getState().setField('category', 'SPOT');
    useAmend.getState().setField('symbol', 'SOLUSDT');
    useAmend.getState().setField('clientOid', 'demo-eth-fille');
    expect(useAmend.getState().draft).toMatchObject({ category: 'SPOT', symbol: 'SOLUSDT' });
    useAmend.getState().takePrefill(3, 'USDT-FUTURES', 'ETHUSDT');
    useAmend.getState().setField('orderId', '1');
    expect(useAmend.getState().draft).toMatchObject({ orderId: '1', category: 'USDT-FUTURES', symbol: 'ETHUSDT' });
    // Picked: the order's, gone with its ID as well.
    useAmend.getState().pick(order('1003', 'demo-sol-partial', 'SOLUSDT'));
    useAmend.getState().setField('orderId', '100');
    expect(useAmend.getState().draft).toMatchObject({ orderId: '100', clientOid: '', category: '', symbol: '' });
  });

  it('loading another order clears the change; reading the same order again keeps it', () => {
    load(order('1001', 'demo-btc-open'));
    useAmend.getState().setField('price', '60010.0');
    load(order('1001', 'demo-btc-open'));
    expect(useAmend.getState().draft.price).toBe('60010.0');
    load(order('1003', 'demo-sol-partial'));
    expect(useAmend.getState().draft).toMatchObject({ clientOid: 'demo-sol-partial', price: '', qty: '' });
  });

  it('takes only the newest load’s answer, and none once an ID was edited since', () => {
    const s = useAmend.getState();
    const first = s.startLoad();
    const second = useAmend.getState().startLoad();
    expect(useAmend.getState().landLoad(second, order('1001', 'demo-btc-open'), FREE)).toBe(true);
    expect(useAmend.getState().landLoad(first, order('1003', 'demo-sol-partial'), FREE)).toBe(false);
    expect(useAmend.getState().loaded?.order.clientOid).toBe('demo-btc-open');
    const third = useAmend.getState().startLoad();
    useAmend.getState().setField('clientOid', 'demo-eth-filled');
    expect(useAmend.getState().landLoad(third, order('1001', 'demo-btc-open'), FREE)).toBe(false);
    expect(useAmend.getState().loaded).toBeNull();
  });

  it('a pick names the order by both IDs with a fresh change', () => {
    load(order('1003', 'demo-sol-partial'));
    useAmend.getState().setField('qty', '1');
    useAmend.getState().pick(order('1001', 'demo-btc-open'));
    expect(useAmend.getState()).toMatchObject({
      loaded: null,
      draft: { orderId: '1001', clientOid: 'demo-btc-open', qty: '', price: '' },
    });
  });

  it('a read after an outcome shows the order sent without loading, but never replaces another order', () => {
    useAmend.getState().setField('clientOid', 'demo-sol-partial');
    useAmend.getState().refreshLoaded(order('1003', 'demo-sol-partial'), FREE);
    expect(useAmend.getState().loaded?.order.orderId).toBe('1003');
    expect(useAmend.getState().draft.orderId).toBe('1003');
    useAmend.getState().refreshLoaded(order('1001', 'demo-btc-open'), FREE);
    expect(useAmend.getState().loaded?.order.orderId).toBe('1003');
    useAmend.getState().setField('clientOid', 'demo-eth-filled');
    useAmend.getState().refreshLoaded(order('1003', 'demo-sol-partial'), FREE);
    expect(useAmend.getState().loaded).toBeNull();
  });
});

describe('a line about an order', () => {
  const BTC: Order = {
    orderId: '1001',
    clientOid: 'demo-btc-open',
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    orderStatus: 'live',
  };
  const SOL: Order = { ...BTC, orderId: '1003', clientOid: 'demo-sol-partial', symbol: 'SOLUSDT' };
  const load = (o: Order) => {
    const gen = useAmend.getState().startLoad();
    useAmend.getState().landLoad(gen, o, { state: 'free' });
  };

  it('is said with its order’s name, and only while the draft names that order', () => {
    load(BTC);
    useAmend.getState().sayAbout(BTC, 'Applied: price 1 → 2.', 'applied');
    expect(useAmend.getState()).toMatchObject({
      notice: 'demo-btc-open · Applied: price 1 → 2.',
      noticeKind: 'applied',
    });
    load(SOL);
    useAmend.getState().say('Loaded order demo-sol-partial');
    // demo-btc-open's outcome arrives late: it is not said above demo-sol-partial.
    useAmend.getState().sayAbout(BTC, 'Applied: price 1 → 2.', 'applied');
    expect(useAmend.getState()).toMatchObject({ notice: 'Loaded order demo-sol-partial', noticeKind: 'info' });
  });

  it('names an order without a client order ID by its Order ID', () => {
    useAmend.getState().setField('orderId', '1001');
    useAmend.getState().sayAbout({ orderId: '1001' }, 'Refused before sending: …', 'refused');
    expect(useAmend.getState().notice).toBe('1001 · Refused before sending: …');
  });

  it('leaves when an ID is edited, or the desk is handed another instrument or reset', () => {
    for (const leave of [
      () => useAmend.getState().setField('clientOid', 'demo-btc-ope'),
      () => useAmend.getState().takePrefill(9, 'SPOT', 'SOLUSDT'),
      () => useAmend.getState().reset(),
    ]) {
      load(BTC);
      useAmend.getState().sayAbout(BTC, 'Applied: price 1 → 2.', 'applied');
      leave();
      expect(useAmend.getState()).toMatchObject({ notice: READY_NOTICE, noticeKind: 'ready' });
    }
  });

  it('an applied change is cleared only while the draft names its order', () => {
    load(BTC);
    useAmend.getState().setField('price', '60010.0');
    useAmend.getState().changeApplied(BTC);
    expect(useAmend.getState().draft.price).toBe('');
    load(SOL);
    useAmend.getState().setField('qty', '1');
    useAmend.getState().changeApplied(BTC);
    expect(useAmend.getState().draft.qty).toBe('1');
  });

  it('knows its order by the desk’s rule: by Order ID when the draft gives one (it wins), else by client order ID', () => {
    const ids = { orderId: '1001', clientOid: 'demo-btc-open' };
    expect(namesOrder({ ...EMPTY_DRAFT, clientOid: 'demo-btc-open' }, ids)).toBe(true);
    expect(namesOrder({ ...EMPTY_DRAFT, orderId: '1001', clientOid: 'other' }, ids)).toBe(true);
    expect(namesOrder({ ...EMPTY_DRAFT, clientOid: 'demo-eth-filled' }, ids)).toBe(false);
    expect(namesOrder({ ...EMPTY_DRAFT, orderId: '999', clientOid: 'demo-btc-open' }, ids)).toBe(false);
    expect(namesOrder({ ...EMPTY_DRAFT, orderId: '1001' }, { clientOid: 'demo-btc-open' })).toBe(false);
    expect(namesOrder(EMPTY_DRAFT, ids)).toBe(false);
  });
});

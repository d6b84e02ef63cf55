/**
 * A market that moves, for demos of the desk's change feed without an account: over about four
 * minutes the bundled instruments get a fee change, a maintenance scheduled within the hour and
 * cleared again, status changes, a listing and a delisting. `npm run demo-exchange -- --scenario`
 * runs it once; the Local demo profile never does (its instruments stay as the tests expect).
 */
import type { Category } from '../shared/schemas';
import type { DemoControl } from './control';

export interface ScenarioStep {
  /** Since the scenario started. */
  afterMs: number;
  /** What happens, for the console. */
  says: string;
  apply(control: DemoControl, now: number): void;
}

export interface ScenarioOptions {
  /** Time between two steps (default 30 s); tests shorten it. */
  stepMs?: number;
  /** Server time (ms), for restriction times relative to now. */
  now?: () => number;
  /** Told each step as it happens. */
  log?: (line: string) => void;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export interface RunningScenario {
  /** Resolves once every step ran (never, if stopped). */
  readonly finished: Promise<void>;
  stop(): void;
}

const LISTED_SYMBOL = 'DEMOUSDT';
const MINUTE = 60_000;

function step(
  index: number,
  says: string,
  apply: (c: DemoControl, now: number) => void,
): { index: number; says: string; apply: (c: DemoControl, now: number) => void } {
  return { index, says, apply };
}

const spot: Category = 'SPOT';
const perp: Category = 'USDT-FUTURES';

/** A new spot pair as the exchange lists one: open for trading a little later. */
function listing(now: number): Record<string, string> {
  return {
    category: spot,
    symbol: LISTED_SYMBOL,
    baseCoin: 'DEMO',
    quoteCoin: 'USDT',
    isRwa: 'NO',
    minOrderQty: '0.01',
    maxOrderQty: '0',
    minOrderAmount: '1',
    pricePrecision: '4',
    quantityPrecision: '2',
    quotePrecision: '6',
    buyLimitPriceRatio: '0.05',
    sellLimitPriceRatio: '0.05',
    feeRateUpRatio: '0',
    makerFeeRate: '0.001',
    takerFeeRate: '0.001',
    maxSymbolOrderNum: '',
    maxProductOrderNum: '400',
    status: 'listed',
    offTime: '',
    limitOpenTime: '',
    maintainTime: '',
    launchTime: String(now + 10 * MINUTE),
    symbolType: 'crypto',
  };
}

/** The steps, one per stepMs: each kind of change the feed shows. */
const STEPS = [
  step(1, 'SPOT ETHUSDT maker fee 0.001 → 0.0008', (c) =>
    c.mutateInstrument(spot, 'ETHUSDT', { makerFeeRate: '0.0008' }),
  ),
  step(2, 'USDT-FUTURES BTCUSDT maintenance scheduled in 45 minutes', (c, now) =>
    c.mutateInstrument(perp, 'BTCUSDT', { maintainTime: String(now + 45 * MINUTE) }),
  ),
  step(3, 'SPOT SOLUSDT status online → limit_open', (c) =>
    c.mutateInstrument(spot, 'SOLUSDT', { status: 'limit_open' }),
  ),
  step(4, `SPOT ${LISTED_SYMBOL} listed`, (c, now) => c.listInstrument(spot, listing(now))),
  step(5, 'SPOT DOGEUSDT delisted', (c) => c.delistInstrument(spot, 'DOGEUSDT')),
  step(6, `SPOT ${LISTED_SYMBOL} status listed → online; USDT-FUTURES ETHUSDT max leverage 100 → 75`, (c) => {
    c.mutateInstrument(spot, LISTED_SYMBOL, { status: 'online' });
    c.mutateInstrument(perp, 'ETHUSDT', { maxLeverage: '75' });
  }),
  step(7, 'USDT-FUTURES BTCUSDT maintenance cleared; SPOT SOLUSDT back online', (c) => {
    c.mutateInstrument(perp, 'BTCUSDT', { maintainTime: '0' });
    c.mutateInstrument(spot, 'SOLUSDT', { status: 'online' });
  }),
];

/** The scenario's steps with their times for a given step length. */
export function scenarioSteps(stepMs = 30_000): ScenarioStep[] {
  return STEPS.map((s) => ({ afterMs: s.index * stepMs, says: s.says, apply: s.apply }));
}

/** Schedules every step on the running demo exchange. */
export function startScenario(control: DemoControl, options: ScenarioOptions = {}): RunningScenario {
  const steps = scenarioSteps(options.stepMs);
  const now = options.now ?? Date.now;
  const set = options.setTimeout ?? ((run, ms) => setTimeout(run, ms));
  const clear = options.clearTimeout ?? ((h) => clearTimeout(h as NodeJS.Timeout));
  const handles: unknown[] = [];
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  let left = steps.length;
  for (const s of steps) {
    handles.push(
      set(() => {
        try {
          s.apply(control, now());
          options.log?.(`scenario: ${s.says}`);
        } catch (e) {
          // A state file without these instruments: the step is skipped, the others still run.
          options.log?.(`scenario: skipped "${s.says}" (${(e as Error).message})`);
        }
        if (--left === 0) done();
      }, s.afterMs),
    );
  }
  return { finished, stop: () => handles.forEach((h) => clear(h)) };
}

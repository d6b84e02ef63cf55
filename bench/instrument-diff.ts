/**
 * "What changed?" at scale: two snapshots of 50,000 instruments (rows of ~40 string fields, as the
 * exchange sends them) a few hundred changes apart — status changes, fee changes, listings,
 * delistings, restrictions scheduled, and decimal-equal rewrites that must not count.
 *
 *   npx tsx bench/instrument-diff.ts [--instruments 50000] [--runs 15] [--records 5] [--dir DIR]
 *
 * Measured in one run, paired per repetition: the diff (diffInstruments over two arrays, as
 * parsed from JSON), then the append of its events to a change log on disk (one write, synced),
 * and the two together: the bar is diff + append under 200 ms. Then, fewer times, a whole InstrumentHistory.record, which also replaces the
 * snapshot file (tens of megabytes at this size; a real category has a few hundred symbols).
 * Timings are medians with p10–p90 and min–max; the last stdout line is a JSON object with them.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { diffInstruments, type ChangeEvent } from '../shared/instrument-changes';
import type { Instrument } from '../shared/schemas';
import { ChangeLog } from '../electron/instrument-history/change-log';
import { InstrumentHistory } from '../electron/instrument-history/instrument-history';

const { values } = parseArgs({
  options: {
    instruments: { type: 'string', default: '50000' },
    runs: { type: 'string', default: '15' },
    records: { type: 'string', default: '5' },
    dir: { type: 'string' },
  },
});
const INSTRUMENTS = Math.max(1000, Number(values.instruments));
const RUNS = Number(values.runs);
const RECORDS = Number(values.records);
const WARMUP = 2;
const T0 = 1_750_000_000_000;
const PROFILE = 'bench-profile';

/** A USDT-futures row as the exchange writes it, with the margin and unknown fields it may add. */
function instrument(i: number): Instrument {
  const base = `C${i.toString(36).toUpperCase()}`;
  const pricePrecision = String(1 + (i % 6));
  return {
    category: 'USDT-FUTURES',
    symbol: `${base}USDT`,
    baseCoin: base,
    quoteCoin: 'USDT',
    isRwa: 'NO',
    buyLimitPriceRatio: '0.05',
    sellLimitPriceRatio: '0.05',
    feeRateUpRatio: '0.005',
    makerFeeRate: '0.0002',
    takerFeeRate: '0.0006',
    openCostUpRatio: '0.01',
    minOrderQty: (10 ** -(i % 5)).toFixed(i % 5),
    maxOrderQty: String(1000 + (i % 97) * 100),
    maxMarketOrderQty: String(200 + (i % 13) * 10),
    minOrderAmount: '5',
    pricePrecision,
    quantityPrecision: String(i % 5),
    quotePrecision: '',
    priceMultiplier: (10 ** -Number(pricePrecision)).toFixed(Number(pricePrecision)),
    quantityMultiplier: (10 ** -(i % 5)).toFixed(i % 5),
    type: 'perpetual',
    maxSymbolOrderNum: '200',
    maxProductOrderNum: '400',
    maxPositionNum: '150',
    status: 'online',
    offTime: '-1',
    limitOpenTime: '-1',
    deliveryTime: '',
    deliveryStartTime: '',
    deliveryPeriod: '',
    launchTime: String(1_600_000_000_000 + i * 3_600_000),
    fundInterval: '8',
    minLeverage: '1',
    maxLeverage: String([20, 25, 50, 75, 100, 125][i % 6]),
    maintainTime: '0',
    symbolType: 'crypto',
    areaSymbol: 'no',
    isReality: 'NO',
    riskLimitTier: String(1 + (i % 10)),
    fundingRateCap: '0.003',
  } as Instrument;
}

interface Mutations {
  status: number;
  fee: number;
  restriction: number;
  decimalEqual: number;
  listed: number;
  delisted: number;
}

/** The next snapshot: `previous` with a few hundred rows changed, some removed, some added. */
function mutate(previous: Instrument[], seed: number): { rows: Instrument[]; expected: number; counts: Mutations } {
  const counts: Mutations = { status: 120, fee: 120, restriction: 60, decimalEqual: 60, listed: 40, delisted: 40 };
  const rows = previous.map((r) => ({ ...r }));
  const stride = Math.floor(rows.length / 400);
  let at = seed % stride;
  const next = () => rows[(at += stride) % rows.length]!;
  for (let n = 0; n < counts.status; n++) next().status = n % 2 ? 'limit_open' : 'restrictedAPI';
  for (let n = 0; n < counts.fee; n++) next().takerFeeRate = n % 2 ? '0.0005' : '0.0007';
  for (let n = 0; n < counts.restriction; n++) next().limitOpenTime = String(T0 + 86_400_000 + n);
  for (let n = 0; n < counts.decimalEqual; n++) next().makerFeeRate = '0.00020';
  // Halfway between the changed rows, so that no change is lost to a delisting.
  const removed = new Set<number>();
  for (let n = 0; n < counts.delisted; n++) removed.add((seed % stride) + Math.floor(stride / 2) + n * stride);
  const kept = rows.filter((_, i) => !removed.has(i));
  for (let n = 0; n < counts.listed; n++) kept.push(instrument(previous.length * 10 + seed * 100 + n));
  counts.delisted = removed.size;
  return {
    rows: kept,
    expected: counts.status + counts.fee + counts.restriction + counts.listed + counts.delisted,
    counts,
  };
}

/** As the rows arrive from disk and from the network: parsed from JSON text, no strings shared. */
const reparse = (rows: Instrument[]): Instrument[] => JSON.parse(JSON.stringify(rows)) as Instrument[];

interface Spread {
  median: number;
  p10: number;
  p90: number;
  min: number;
  max: number;
}

function stats(samples: number[]): Spread {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Math.round(s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))]! * 10) / 10;
  return { median: at(0.5), p10: at(0.1), p90: at(0.9), min: at(0), max: at(1) };
}

const show = (name: string, s: Spread) =>
  console.log(`${name.padEnd(34)} median ${s.median} ms   p10–p90 ${s.p10}–${s.p90}   min–max ${s.min}–${s.max}`);

async function main(): Promise<void> {
  const dir = values.dir ?? (await mkdtemp(join(tmpdir(), 'bench-instrument-diff-')));
  try {
    const base = Array.from({ length: INSTRUMENTS }, (_, i) => instrument(i));
    const mutated = mutate(base, 1);
    const previous = reparse(base);
    const current = reparse(mutated.rows);
    const fields = Object.keys(base[0]!).length;
    const rowBytes = Math.round(JSON.stringify(base).length / base.length);
    console.log(
      `${INSTRUMENTS.toLocaleString('en-US')} instruments of ${fields} fields (~${rowBytes} bytes as JSON) against ` +
        `${current.length.toLocaleString('en-US')}; changes: ${JSON.stringify(mutated.counts)}`,
    );

    await mkdir(join(dir, 'log-only'));
    const log = await ChangeLog.open(join(dir, 'log-only'));
    const diffOnly: number[] = [];
    const appendOnly: number[] = [];
    const diffAndAppend: number[] = [];
    let events: ChangeEvent[] = [];
    for (let r = 0; r < WARMUP + RUNS; r++) {
      const meta = { profileId: PROFILE, category: 'USDT-FUTURES' as const, fetchId: `bench-${r}`, at: T0 + r };
      const start = performance.now();
      events = diffInstruments(previous, current, meta);
      const diffed = performance.now();
      await log.append(events);
      const appended = performance.now();
      if (r >= WARMUP) {
        diffOnly.push(diffed - start);
        appendOnly.push(appended - diffed);
        diffAndAppend.push(appended - start);
      }
    }
    await log.close();
    if (events.length !== mutated.expected)
      throw new Error(`expected ${mutated.expected} events, got ${events.length}`);
    const lineBytes = Math.round(log.bytes / log.count);
    console.log(`${events.length} events per diff (~${lineBytes} bytes per line in the log)`);

    // Whole records: the store keeps the previous snapshot in memory and rewrites its file.
    const history = new InstrumentHistory(join(dir, 'store'));
    const [a, b] = [reparse(base), reparse(mutated.rows)];
    await history.record(PROFILE, 'USDT-FUTURES', a, T0);
    const records: number[] = [];
    for (let r = 1; r <= RECORDS; r++) {
      const start = performance.now();
      const result = await history.record(PROFILE, 'USDT-FUTURES', r % 2 ? b : a, T0 + r);
      records.push(performance.now() - start);
      if (result.events.length !== mutated.expected) throw new Error(`record: ${result.events.length} events`);
    }
    await history.close();

    const figures = {
      instruments: INSTRUMENTS,
      fieldsPerRow: fields,
      events: events.length,
      runs: RUNS,
      diffMs: stats(diffOnly),
      appendMs: stats(appendOnly),
      diffAndAppendMs: stats(diffAndAppend),
      records: RECORDS,
      recordMs: stats(records),
    };
    show('diff', figures.diffMs);
    show('append (one synced write)', figures.appendMs);
    show('diff + append', figures.diffAndAppendMs);
    show('record (+ snapshot file replaced)', figures.recordMs);
    console.log(`bar: diff + append < 200 ms: ${figures.diffAndAppendMs.median < 200 ? 'met' : 'NOT met'}`);
    console.log(JSON.stringify(figures));
  } finally {
    if (!values.dir) await rm(dir, { recursive: true, force: true });
  }
}

void main();

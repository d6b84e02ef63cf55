/**
 * The CLI as a function: parse, run one command against the exchange, print, return the exit code.
 * main.ts is only the process glue, so tests run the whole CLI in-process.
 */
import { checkAmend, type AmendDraft } from '../../shared/amend-rules';
import { isNoLimitQty, NO_LIMIT, ratioAsPercent } from '../../shared/instrument-text';
import { orderStatusLabel } from '../../shared/order-status';
import { CATEGORIES, type Category, type Instrument, type Order } from '../../shared/schemas';
import { ExchangeClient, type Credentials } from '../exchange/client';
import { secretScrubber } from '../exchange/secret-scrub';
import { parseCliArgs, HELP, UsageError, type Command, type GlobalOptions } from './args';
import { commandHelp } from './command-help';
import { signingNote } from './destination';
import { EXIT, reportFailure } from './failure';
import { instrumentsDiff } from './instruments-diff';
import { modifyBatch } from './modify-batch';
import { orderCommand, Output, type CliIo } from './output';
import { renderRecord, renderTable, type Column } from './table';
import { tickers } from './tickers';

export type { CliIo, TextSink } from './output';

export const CREDENTIAL_VARIABLES = ['BITGET_API_KEY', 'BITGET_API_SECRET', 'BITGET_API_PASSPHRASE'] as const;

/** Upper bound on pages followed, in case a server keeps handing out cursors. */
const MAX_PAGES = 1000;

/** Public market data: no credentials needed. */
const PUBLIC_COMMANDS: ReadonlySet<Command['name']> = new Set(['instruments', 'instruments-diff', 'tickers']);

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let command: Command;
  let global: GlobalOptions;
  try {
    ({ command, global } = parseCliArgs(argv));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr.write(`uta-desk: ${e.message}\nRun "uta-desk --help" for usage.\n`);
    return EXIT.usage;
  }
  if (command.name === 'help') {
    io.stdout.write((command.topic && commandHelp(HELP, command.topic)) || HELP);
    return EXIT.ok;
  }
  let credentials: Credentials | undefined;
  try {
    credentials = credentialsFrom(io.env);
    if (!PUBLIC_COMMANDS.has(command.name) && !credentials) {
      throw new UsageError(
        `${command.name} is a signed request: set ${CREDENTIAL_VARIABLES.join(', ')} in the environment.`,
      );
    }
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr.write(`uta-desk: ${e.message}\n`);
    return EXIT.usage;
  }
  // The client already scrubs what the exchange says; this catches any other text that could quote a
  // credential (an unexpected error's message). stdout carries the client's (scrubbed) data only.
  const scrub = secretScrubber([credentials?.apiKey, credentials?.secretKey, credentials?.passphrase]);
  const scrubbed: CliIo = { ...io, stderr: { write: (text: string) => io.stderr.write(scrub.text(text)) } };
  const client = new ExchangeClient({
    baseUrl: global.baseUrl,
    credentials,
    locale: global.locale,
    demoTrading: global.demoTrading,
    timeoutMs: global.timeoutMs,
    fetch: io.fetch,
    sleep: io.sleep,
  });
  // A signed request says where it goes: without --base-url that is the live exchange.
  const note = credentials && !PUBLIC_COMMANDS.has(command.name) && !global.quiet ? signingNote(global) : undefined;
  if (note) io.stderr.write(note);
  const out = new Output(io.stdout, global.json);
  switch (command.name) {
    case 'instruments':
      return guarded(scrubbed, () => instruments(client, out, command.category, command.symbol));
    case 'instruments-diff':
      return instrumentsDiff(client, out, scrubbed, global, command);
    case 'tickers':
      return guarded(scrubbed, () => tickers(client, out, command.category, command.symbol));
    case 'order':
      return guarded(scrubbed, () => order(client, out, command));
    case 'open-orders':
      return guarded(scrubbed, () => openOrders(client, out, command));
    case 'modify':
      return modify(client, out, scrubbed, global, command);
    case 'modify-batch':
      return modifyBatch(client, out, scrubbed, global, command);
  }
}

/** All three variables or none; the values are never printed. */
function credentialsFrom(env: CliIo['env']): Credentials | undefined {
  const [apiKey, secretKey, passphrase] = CREDENTIAL_VARIABLES.map((v) => env[v]?.trim() || undefined);
  if (!apiKey && !secretKey && !passphrase) return undefined;
  if (!apiKey || !secretKey || !passphrase) {
    const missing = CREDENTIAL_VARIABLES.filter((v) => !env[v]?.trim());
    throw new UsageError(`Set all three credential variables; missing: ${missing.join(', ')}.`);
  }
  return { apiKey, secretKey, passphrase };
}

async function guarded(io: CliIo, run: () => Promise<void>): Promise<number> {
  try {
    await run();
    return EXIT.ok;
  } catch (e) {
    return reportFailure(e, io.stderr);
  }
}

// ---------- instruments ----------

const INSTRUMENT_COLUMNS: readonly Column<Instrument>[] = [
  { header: 'SYMBOL', value: (i) => i.symbol },
  { header: 'STATUS', value: (i) => i.status },
  { header: 'BASE', value: (i) => i.baseCoin },
  { header: 'QUOTE', value: (i) => i.quoteCoin },
  { header: 'PRICE DP', value: (i) => i.pricePrecision, align: 'right' },
  { header: 'QTY DP', value: (i) => i.quantityPrecision, align: 'right' },
  { header: 'PRICE STEP', value: (i) => i.priceMultiplier, align: 'right' },
  { header: 'QTY STEP', value: (i) => i.quantityMultiplier, align: 'right' },
  { header: 'MIN QTY', value: (i) => i.minOrderQty, align: 'right' },
  {
    header: 'MAX QTY',
    value: (i) => (i.maxOrderQty && isNoLimitQty(i.maxOrderQty) ? NO_LIMIT : i.maxOrderQty),
    align: 'right',
  },
  { header: 'MIN AMOUNT', value: (i) => i.minOrderAmount, align: 'right' },
  { header: 'MAKER FEE', value: (i) => i.makerFeeRate && ratioAsPercent(i.makerFeeRate), align: 'right' },
  { header: 'TAKER FEE', value: (i) => i.takerFeeRate && ratioAsPercent(i.takerFeeRate), align: 'right' },
];

async function instruments(
  client: ExchangeClient,
  out: Output,
  category: Category,
  symbol: string | undefined,
): Promise<void> {
  const list = await client.getInstruments(category, symbol);
  if (out.json) return out.data(list);
  if (list.length === 0) return out.text(`No ${category} instrument${symbol ? ` named ${symbol}` : 's'}.`);
  out.text(renderTable(list, INSTRUMENT_COLUMNS));
  out.text(`${list.length} ${category} instrument${list.length === 1 ? '' : 's'}`);
}

// ---------- orders ----------

const ORDER_FIELDS_FIRST = [
  'orderId',
  'clientOid',
  'category',
  'symbol',
  'side',
  'orderType',
  'price',
  'qty',
  'cumExecQty',
  'avgPrice',
  'orderStatus',
  'timeInForce',
];

async function order(
  client: ExchangeClient,
  out: Output,
  ref: { orderId?: string; clientOid?: string },
): Promise<void> {
  const o = await client.getOrder(ref);
  if (out.json) return out.data(o);
  out.text(renderRecord(orderEntries(o)));
}

function orderEntries(o: Order): Array<readonly [string, string]> {
  const record = o as Record<string, unknown>;
  const keys = [
    ...ORDER_FIELDS_FIRST.filter((k) => k in record),
    ...Object.keys(record).filter((k) => !ORDER_FIELDS_FIRST.includes(k)),
  ];
  return keys.flatMap((k) => {
    const v = record[k];
    if (v === undefined || v === null || v === '') return [];
    if (typeof v === 'string')
      return [[k, /Time$/.test(k) && /^\d{10,}$/.test(v) ? `${v} (${new Date(Number(v)).toISOString()})` : v] as const];
    return [[k, JSON.stringify(v)] as const];
  });
}

const OPEN_ORDER_COLUMNS: readonly Column<Order>[] = [
  { header: 'ORDER ID', value: (o) => o.orderId },
  { header: 'CLIENT OID', value: (o) => o.clientOid },
  { header: 'CATEGORY', value: (o) => o.category },
  { header: 'SYMBOL', value: (o) => o.symbol },
  { header: 'SIDE', value: (o) => o.side },
  { header: 'TYPE', value: (o) => o.orderType },
  { header: 'PRICE', value: (o) => o.price, align: 'right' },
  { header: 'QTY', value: (o) => o.qty, align: 'right' },
  { header: 'FILLED', value: (o) => o.cumExecQty, align: 'right' },
  { header: 'STATUS', value: (o) => orderStatusLabel(o.orderStatus) },
];

async function openOrders(
  client: ExchangeClient,
  out: Output,
  q: { category?: Category; symbol?: string; limit?: number },
): Promise<void> {
  const all: Order[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await client.getOpenOrders({ category: q.category, symbol: q.symbol, limit: q.limit, cursor });
    all.push(...res.list);
    const next = res.cursor || undefined;
    // An empty page or a cursor seen before means the end (some servers repeat the last cursor).
    if (!next || res.list.length === 0 || seenCursors.has(next)) break;
    seenCursors.add(next);
    cursor = next;
  }
  if (out.json) return out.data({ list: all });
  if (all.length === 0) return out.text('No open orders.');
  out.text(renderTable(all, OPEN_ORDER_COLUMNS));
  out.text(`${all.length} open order${all.length === 1 ? '' : 's'}`);
}

// ---------- modify ----------

type ModifyCommand = Extract<Command, { name: 'modify' }>;

async function modify(
  client: ExchangeClient,
  out: Output,
  io: CliIo,
  global: GlobalOptions,
  cmd: ModifyCommand,
): Promise<number> {
  const checkCommand = orderCommand(global, cmd);
  const notSent = 'The modification was not sent.';

  // Look the order and its instrument up, so the same rules as the app's amend desk apply.
  let current: Order;
  let instrument: Instrument | undefined;
  let instrumentNotFound = false;
  try {
    current = await client.getOrder({ orderId: cmd.orderId, clientOid: cmd.clientOid });
    const category = cmd.category ?? current.category;
    const symbol = cmd.symbol ?? current.symbol;
    if ((CATEGORIES as readonly string[]).includes(category) && symbol) {
      const found = await client.getInstruments(category as Category, symbol);
      instrument = found.find((i) => i.symbol === symbol);
      instrumentNotFound = instrument === undefined;
    }
  } catch (e) {
    return reportFailure(e, io.stderr, { note: `The order or its instrument could not be looked up. ${notSent}` });
  }

  const draft: AmendDraft = {
    orderId: cmd.orderId,
    clientOid: cmd.clientOid,
    qty: cmd.qty,
    price: cmd.price,
    autoCancel: cmd.autoCancel,
    symbol: cmd.symbol,
    category: cmd.category,
  };
  const report = checkAmend(draft, { order: current, instrument, instrumentNotFound, now: (io.now ?? Date.now)() });
  for (const w of report.warnings) io.stderr.write(`Warning: ${w.message}\n`);
  if (!report.ok) {
    const lines = report.errors.map((e) => `  - ${e.message}${e.code ? ` (the exchange would answer ${e.code})` : ''}`);
    io.stderr.write(
      `Not sent: ${report.errors.length === 1 ? 'an amend rule is' : 'amend rules are'} broken.\n${lines.join('\n')}\n`,
    );
    return EXIT.usage;
  }

  if (cmd.dryRun) {
    if (out.json) out.data({ request: report.request });
    else
      out.text(
        `Dry run: not sent. The checks pass; the request body would be:\n${JSON.stringify(report.request, null, 2)}`,
      );
    return EXIT.ok;
  }

  let accepted;
  try {
    accepted = await client.modifyOrder(report.request);
  } catch (e) {
    return reportFailure(e, io.stderr, { checkCommand });
  }
  if (out.json) {
    out.data(accepted.result);
  } else {
    const { orderId, clientOid } = accepted.result;
    out.text(
      `Modification accepted (order ${orderId}${clientOid ? `, client order ID ${clientOid}` : ''}).\n` +
        `The matching engine applies it afterwards; see the result with:\n  ${orderCommand(global, { orderId })}`,
    );
  }
  return EXIT.ok;
}

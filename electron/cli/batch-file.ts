/**
 * The modifications of `modify-batch --file`: a CSV file (a header row naming the columns) or a JSON
 * file (an array of objects, or {"items": [...]}) with the fields of Modify Order. Everything wrong
 * with the file is found here, before any request, and named by line (CSV) or item (JSON) and field;
 * the value rules themselves are the amend rules' (checked without the order, so only the formats).
 */
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { checkAmend } from '../../shared/amend-rules';
import type { AmendDraft } from '../../shared/amend-draft';
import { MAX_RUN_ITEMS } from '../../shared/batch-run';
import { MAX_DECIMAL_LENGTH, MAX_ID_LENGTH } from '../../shared/schemas';
import { UsageError } from './usage-error';
import type { BatchItem } from './batch-item';

/** Far above a day's amending, far below what a mistaken file (a log, a dump) would be. */
export const MAX_BATCH_FILE_BYTES = 1024 * 1024;
/** One run of the core: the app's own bound on an Amend many run. */
export const MAX_BATCH_FILE_ITEMS = MAX_RUN_ITEMS;

/** The fields an item may give, by the name the exchange uses. */
export const ITEM_FIELDS = ['orderId', 'clientOid', 'price', 'qty', 'autoCancel', 'symbol', 'category'] as const;
export type ItemField = (typeof ITEM_FIELDS)[number];

const MAX_LENGTH: Readonly<Record<ItemField, number>> = {
  orderId: MAX_ID_LENGTH,
  clientOid: MAX_ID_LENGTH,
  price: MAX_DECIMAL_LENGTH,
  qty: MAX_DECIMAL_LENGTH,
  autoCancel: MAX_ID_LENGTH,
  symbol: MAX_ID_LENGTH,
  category: MAX_ID_LENGTH,
};

/** Header names are matched ignoring case, spaces, "-" and "_": "Order ID", "client_oid", "QTY". */
const FIELD_BY_KEY = new Map<string, ItemField>(ITEM_FIELDS.map((f) => [fieldKey(f), f]));

function fieldKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]/g, '');
}

export type BatchFileFormat = 'csv' | 'json';

/** Reads and parses the file; every problem is a UsageError, with nothing sent. */
export async function itemsFromFile(path: string): Promise<BatchItem[]> {
  let info;
  try {
    info = await stat(path);
  } catch (e) {
    throw new UsageError(`--file ${path}: ${readProblem(e)}.`);
  }
  // A FIFO or a device would be read without end; a directory is a slip of the tab key.
  if (!info.isFile()) throw new UsageError(`--file ${path} is not a regular file.`);
  if (info.size > MAX_BATCH_FILE_BYTES) throw new UsageError(tooLarge(path));
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (e) {
    throw new UsageError(`--file ${path}: ${readProblem(e)}.`);
  }
  if (bytes.length > MAX_BATCH_FILE_BYTES) throw new UsageError(tooLarge(path));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UsageError(`--file ${path} is not UTF-8 text.`);
  }
  return parseBatchText(text, formatOf(path, text), path);
}

function tooLarge(path: string): string {
  return `--file ${path} is larger than ${MAX_BATCH_FILE_BYTES / 1024 / 1024} MiB: split it into smaller files.`;
}

function readProblem(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return 'cannot be read';
}

/** By extension, else by the first character: JSON starts with [ or {. */
export function formatOf(path: string, text: string): BatchFileFormat {
  const ext = extname(path).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.csv') return 'csv';
  return /^\s*[[{]/.test(withoutBom(text)) ? 'json' : 'csv';
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

const MAX_PROBLEMS_SHOWN = 50;

/** Collects every problem of the file, so one run shows them all; throws them together. */
class Problems {
  readonly list: string[] = [];
  add(where: string, message: string): void {
    this.list.push(`${where}: ${message}`);
  }
  throwIfAny(path: string): void {
    if (this.list.length === 0) return;
    const shown = this.list.slice(0, MAX_PROBLEMS_SHOWN);
    const more = this.list.length - shown.length;
    throw new UsageError(
      `--file ${path} has ${this.list.length === 1 ? 'a problem' : `${this.list.length} problems`}; nothing was sent.\n` +
        shown.map((p) => `  ${p}`).join('\n') +
        (more > 0 ? `\n  … and ${more} more` : ''),
    );
  }
}

export function parseBatchText(text: string, format: BatchFileFormat, path: string): BatchItem[] {
  const problems = new Problems();
  const items = format === 'json' ? jsonItems(withoutBom(text), problems) : csvItems(withoutBom(text), problems);
  if (items.length > MAX_BATCH_FILE_ITEMS)
    throw new UsageError(
      `--file ${path} has ${items.length} items; at most ${MAX_BATCH_FILE_ITEMS} per run: split it into smaller files.`,
    );
  problems.throwIfAny(path);
  if (items.length === 0) throw new UsageError(`--file ${path} has no items.`);
  checkItems(items, problems);
  problems.throwIfAny(path);
  return items;
}

// ---------- CSV ----------

function csvItems(text: string, problems: Problems): BatchItem[] {
  const lines = text.split(/\r\n|\n|\r/);
  let header: { fields: Array<ItemField | undefined>; line: number } | undefined;
  const items: BatchItem[] = [];
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i] as string;
    if (raw.trim() === '') continue;
    const where = `line ${lineNo}`;
    const cells = splitCsvLine(raw);
    if (typeof cells === 'string') {
      problems.add(where, cells);
      if (!header) return items;
      continue;
    }
    if (!header) {
      header = { fields: headerFields(cells, where, problems), line: lineNo };
      if (header.fields.every((f) => f === undefined)) return items;
      continue;
    }
    // Past the bound, lines are only counted: the count is the one problem worth telling.
    if (items.length >= MAX_BATCH_FILE_ITEMS) {
      items.push({ index: items.length + 1, where });
      continue;
    }
    if (cells.length !== header.fields.length) {
      problems.add(
        where,
        `${cells.length} cells, but the header (line ${header.line}) names ${header.fields.length} columns`,
      );
      continue;
    }
    const fields: Partial<Record<ItemField, string>> = {};
    header.fields.forEach((field, c) => {
      const value = (cells[c] as string).trim();
      if (field && value !== '') fields[field] = value;
    });
    items.push({ index: items.length + 1, where, ...normalized(fields, where, problems) });
  }
  if (!header) problems.add('line 1', `no header row: name the columns, e.g. ${ITEM_FIELDS.join(',')}`);
  return items;
}

function headerFields(cells: readonly string[], where: string, problems: Problems): Array<ItemField | undefined> {
  const seen = new Set<ItemField>();
  const fields = cells.map((cell) => {
    const name = cell.trim();
    const field = FIELD_BY_KEY.get(fieldKey(name));
    if (!field) {
      problems.add(
        where,
        name === ''
          ? 'a column of the header has no name'
          : `unknown column "${clip(name)}": the columns are ${ITEM_FIELDS.join(', ')} (any case)`,
      );
      return undefined;
    }
    if (seen.has(field)) problems.add(where, `column ${field} is named twice`);
    seen.add(field);
    return field;
  });
  if (!seen.has('orderId') && !seen.has('clientOid'))
    problems.add(where, 'the header needs an orderId or a clientOid column to name the orders');
  if (!seen.has('price') && !seen.has('qty'))
    problems.add(where, 'the header needs a price or a qty column: there is nothing to change');
  return fields;
}

/**
 * One line of RFC 4180 CSV: cells separated by commas, a cell in double quotes may hold commas and
 * doubled quotes. A record never spans lines here (no value of an order has a line break), so the
 * line numbers an operator sees are the editor's. Returns the problem as a string.
 */
export function splitCsvLine(line: string): string[] | string {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    if (line[i] === '"') {
      let cell = '';
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) return 'a quoted cell is not closed (a " is missing)';
        cell += line.slice(i, q);
        if (line[q + 1] === '"') {
          cell += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      while (line[i] === ' ' || line[i] === '\t') i++;
      if (i < line.length && line[i] !== ',')
        return `unexpected text after a quoted cell (cell ${cells.length + 1}): quote the whole cell`;
      cells.push(cell);
    } else {
      const comma = line.indexOf(',', i);
      const end = comma < 0 ? line.length : comma;
      const cell = line.slice(i, end);
      if (cell.includes('"'))
        return `a " inside an unquoted cell (cell ${cells.length + 1}): quote the cell and double the "`;
      cells.push(cell);
      i = end;
    }
    if (i >= line.length) return cells;
    i++; // the comma
    if (i === line.length) {
      cells.push('');
      return cells;
    }
  }
}

// ---------- JSON ----------

function jsonItems(text: string, problems: Problems): BatchItem[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    problems.add('JSON', `not valid JSON (${e instanceof Error ? clip(e.message, 120) : 'syntax error'})`);
    return [];
  }
  const list = Array.isArray(doc)
    ? doc
    : isRecord(doc) && Array.isArray(doc.items) && Object.keys(doc).length === 1
      ? doc.items
      : undefined;
  if (!list) {
    problems.add('JSON', 'expected an array of items, or an object {"items": [...]}');
    return [];
  }
  const items: BatchItem[] = [];
  list.forEach((entry: unknown, i) => {
    const where = `item ${i + 1}`;
    if (i >= MAX_BATCH_FILE_ITEMS) return items.push({ index: i + 1, where });
    if (!isRecord(entry)) return problems.add(where, 'not an object with orderId/clientOid and price/qty');
    const fields: Partial<Record<ItemField, string>> = {};
    for (const [key, value] of Object.entries(entry)) {
      const field = FIELD_BY_KEY.get(fieldKey(key));
      if (!field) {
        problems.add(where, `unknown field "${clip(key)}": the fields are ${ITEM_FIELDS.join(', ')}`);
        continue;
      }
      if (field in fields) {
        problems.add(where, `${field} is given twice`);
        continue;
      }
      if (value === null || value === '') continue;
      if (typeof value !== 'string') {
        problems.add(
          where,
          typeof value === 'number'
            ? `${field} must be a string in quotes ("${String(value)}"): a JSON number may lose digits`
            : `${field} must be a string`,
        );
        continue;
      }
      if (value.trim() !== '') fields[field] = value.trim();
    }
    items.push({ index: i + 1, where, ...normalized(fields, where, problems) });
  });
  return items;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// ---------- values ----------

/** Bounded lengths, canonical case for the enumerations, then the amend rules' format checks. */
function normalized(fields: Partial<Record<ItemField, string>>, where: string, problems: Problems): AmendDraft {
  for (const field of ITEM_FIELDS) {
    const v = fields[field];
    if (v !== undefined && v.length > MAX_LENGTH[field]) {
      problems.add(where, `${field} is longer than ${MAX_LENGTH[field]} characters`);
      delete fields[field];
    }
  }
  const draft: AmendDraft = {
    ...fields,
    autoCancel: fields.autoCancel?.toLowerCase(),
    category: fields.category?.toUpperCase(),
  };
  // Without the order or its instrument, checkAmend reports only what is wrong with the values themselves.
  for (const issue of checkAmend(draft).errors)
    problems.add(where, `${FIELDS_OF_RULE[issue.rule] ?? issue.field}: ${issue.message}`);
  return draft;
}

/** Rules about a pair of fields, named by both. */
const FIELDS_OF_RULE: Readonly<Record<string, string>> = {
  'identity-required': 'orderId/clientOid',
  'change-required': 'price/qty',
};

/** The same order twice in one run would race with itself: refused before anything is sent. */
function checkItems(items: readonly BatchItem[], problems: Problems): void {
  for (const key of ['orderId', 'clientOid'] as const) {
    const first = new Map<string, BatchItem>();
    for (const item of items) {
      const id = item[key];
      if (id === undefined) continue;
      const earlier = first.get(id);
      if (earlier) problems.add(item.where, `${key} ${clip(id)} is already in ${earlier.where}: give each order once`);
      else first.set(id, item);
    }
  }
}

function clip(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

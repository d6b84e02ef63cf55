import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from './usage-error';
import {
  formatOf,
  itemsFromFile,
  MAX_BATCH_FILE_BYTES,
  MAX_BATCH_FILE_ITEMS,
  parseBatchText,
  splitCsvLine,
} from './batch-file';

const csv = (text: string) => parseBatchText(text, 'csv', 'items.csv');
const json = (value: unknown) => parseBatchText(JSON.stringify(value), 'json', 'items.json');

function usage(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  throw new Error('no UsageError');
}

describe('CSV', () => {
  it('reads any subset of columns in any case, blank cells absent, quoted cells, CRLF and a BOM', () => {
    const items = csv(
      '\uFEFFOrderId, CLIENT_OID ,Price,qty,AutoCancel,category\r\n' +
        '1001,,60010.0,,YES,usdt-futures\r\n' +
        '\r\n' +
        ',"demo,1",,"0.5",,\r\n',
    );
    expect(items).toEqual([
      {
        index: 1,
        where: 'line 2',
        orderId: '1001',
        price: '60010.0',
        autoCancel: 'yes',
        category: 'USDT-FUTURES',
      },
      { index: 2, where: 'line 4', clientOid: 'demo,1', qty: '0.5' },
    ]);
  });

  it('names the line and the field of every malformed value, all at once', () => {
    const message = usage(() =>
      csv(
        [
          'orderId,clientOid,price,qty,autoCancel,category',
          '1,,abc,,,',
          ',,60000,,,',
          '3,,,,,',
          '4,,1,,maybe,',
          '5,,1,,,FOREX',
          '6,,-1,1e-3,,',
          '7,,1',
        ].join('\n'),
      ),
    );
    expect(message).toMatch(/^--file items\.csv has 8 problems; nothing was sent\./);
    expect(message).toContain('line 2: price: Price must be a positive decimal number');
    expect(message).toContain('line 3: orderId/clientOid: Give an Order ID or a Client order ID');
    expect(message).toContain('line 4: price/qty: Give a new quantity or a new price');
    expect(message).toContain('line 5: autoCancel: Auto-cancel must be yes or no');
    expect(message).toContain('line 6: category: Category must be one of SPOT, MARGIN');
    expect(message).toContain('line 7: qty: Quantity must be a positive decimal number');
    expect(message).toContain('line 7: price: Price must be a positive decimal number');
    expect(message).toContain('line 8: 3 cells, but the header (line 1) names 6 columns');
  });

  it('refuses a header without identity or change columns, unknown and repeated columns', () => {
    expect(usage(() => csv('price,qty\n1,2'))).toMatch(/line 1: the header needs an orderId or a clientOid column/);
    expect(usage(() => csv('orderId,symbol\n1,BTCUSDT'))).toMatch(/line 1: the header needs a price or a qty column/);
    expect(usage(() => csv('orderId,prce\n1,2'))).toMatch(/line 1: unknown column "prce": the columns are orderId/);
    expect(usage(() => csv('orderId,price,PRICE\n1,2,3'))).toMatch(/column price is named twice/);
    expect(usage(() => csv('\n\n'))).toMatch(/line 1: no header row/);
    expect(usage(() => csv('orderId,price\n'))).toMatch(/has no items/);
  });

  it('splits quoted cells and says what is wrong with bad quoting', () => {
    expect(splitCsvLine('a,"b,c","d""e",')).toEqual(['a', 'b,c', 'd"e', '']);
    expect(splitCsvLine(' "x" , y')).toEqual(['x', 'y']);
    expect(splitCsvLine('a,"b')).toMatch(/not closed/);
    expect(splitCsvLine('a,"b"c')).toMatch(/after a quoted cell \(cell 2\)/);
    expect(splitCsvLine('a,b"c')).toMatch(/inside an unquoted cell \(cell 2\)/);
    expect(usage(() => csv('orderId,price\n1,"2'))).toMatch(/line 2: a quoted cell is not closed/);
  });

  it('refuses the same orderId or clientOid twice, naming both lines', () => {
    const message = usage(() => csv('orderId,clientOid,price\n1,,10\n2,a,10\n1,,11\n,a,12\n'));
    expect(message).toContain('line 4: orderId 1 is already in line 2: give each order once');
    expect(message).toContain('line 5: clientOid a is already in line 3: give each order once');
  });

  it('bounds the values and the number of items', () => {
    expect(usage(() => csv(`orderId,price\n${'9'.repeat(65)},1`))).toMatch(
      /line 2: orderId is longer than 64 characters/,
    );
    const many = ['orderId,price', ...Array.from({ length: MAX_BATCH_FILE_ITEMS + 1 }, (_, i) => `${i + 1},1`)];
    expect(usage(() => csv(many.join('\n')))).toMatch(/has 501 items; at most 500 per run/);
  });
});

describe('JSON', () => {
  it('reads an array or {"items": [...]}, with any key case, null and "" absent', () => {
    const expected = [{ index: 1, where: 'item 1', clientOid: 'c1', price: '10.5', autoCancel: 'no' }];
    expect(json([{ ClientOid: 'c1', price: '10.5', autoCancel: 'NO', qty: null, symbol: '' }])).toEqual(expected);
    expect(json({ items: [{ clientOid: 'c1', price: '10.5', autoCancel: 'no' }] })).toEqual(expected);
  });

  it('names the item and the field of every problem', () => {
    // As a JSON number, this order ID is read as 1387296516478935000.
    const text =
      '[{"orderId": 1387296516478935041, "price": "1"}, {"orderId": "2", "price": 1.5}, "x", {"orderId": "3", "prize": "1"}]';
    const message = usage(() => parseBatchText(text, 'json', 'items.json'));
    expect(message).toContain('item 1: orderId must be a string in quotes ("1387296516478935000")');
    expect(message).toContain('a JSON number may lose digits');
    expect(message).toContain('item 2: price must be a string in quotes ("1.5")');
    expect(message).toContain('item 3: not an object');
    expect(message).toContain('item 4: unknown field "prize"');
  });

  it('refuses what is not an array of items', () => {
    expect(usage(() => parseBatchText('[{"orderId": "1",', 'json', 'f.json'))).toMatch(/JSON: not valid JSON/);
    expect(usage(() => json({ list: [] }))).toMatch(/expected an array of items, or an object \{"items": \[\.\.\.\]\}/);
    expect(usage(() => json([]))).toMatch(/has no items/);
  });
});

describe('the file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'uta-batch-file-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is CSV or JSON by extension, else by its first character', () => {
    expect(formatOf('a.JSON', 'orderId')).toBe('json');
    expect(formatOf('a.csv', '[')).toBe('csv');
    expect(formatOf('items', '  [{}]')).toBe('json');
    expect(formatOf('items.txt', 'orderId,price')).toBe('csv');
  });

  it('reads a file and refuses a missing, oversized, non-UTF-8 file or a directory', async () => {
    const good = join(dir, 'items');
    await writeFile(good, '[{"orderId": "1", "qty": "2"}]');
    expect(await itemsFromFile(good)).toEqual([{ index: 1, where: 'item 1', orderId: '1', qty: '2' }]);
    await expect(itemsFromFile(join(dir, 'nope.csv'))).rejects.toThrow(/nope\.csv: no such file/);
    await expect(itemsFromFile(dir)).rejects.toThrow(/is not a regular file/);
    const big = join(dir, 'big.csv');
    await writeFile(big, Buffer.alloc(MAX_BATCH_FILE_BYTES + 1, 0x20));
    await expect(itemsFromFile(big)).rejects.toThrow(/larger than 1 MiB/);
    const latin1 = join(dir, 'latin1.csv');
    await writeFile(latin1, Buffer.from([0x6f, 0x72, 0x64, 0xe9, 0x0a]));
    await expect(itemsFromFile(latin1)).rejects.toThrow(/is not UTF-8 text/);
  });
});

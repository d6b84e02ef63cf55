import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../../shared/schemas';
import { csvFileName, instrumentsCsv } from './instrument-csv';
import { buildDataset } from './dataset';

describe('instrumentsCsv', () => {
  const rows = [
    {
      category: 'SPOT',
      symbol: 'BTCUSDT',
      baseCoin: 'BTC',
      quoteCoin: 'USDT',
      status: 'online',
      maxOrderQty: '0',
      makerFeeRate: '0.001',
    },
    { category: 'SPOT', symbol: 'ODD,PAIR', baseCoin: 'O"D', quoteCoin: 'USDT', status: 'offline', launchTime: null },
    { category: 'SPOT', symbol: '=CMD()', baseCoin: '@X', quoteCoin: 'USDT', makerFeeRate: '-0.0001' },
  ] as unknown as Instrument[];
  it('writes the given rows and columns with raw values', () => {
    const ds = buildDataset(rows);
    const csv = instrumentsCsv(ds, Int32Array.from([1, 0, 2]), [
      { id: 'symbol', label: 'Symbol' },
      { id: 'baseCoin', label: 'Base' },
      { id: 'maxOrderQty', label: 'Max order qty' },
      { id: 'makerFeeRate', label: 'Maker fee' },
      { id: 'launchTime', label: 'Launch' },
    ]);
    expect(csv).toBe(
      'Symbol,Base,Max order qty,Maker fee,Launch\r\n' +
        '"ODD,PAIR","O""D",,,\r\n' +
        'BTCUSDT,BTC,0,0.001,\r\n' +
        // Text a spreadsheet would run is defused; a negative fee stays a number.
        "'=CMD(),'@X,,-0.0001,\r\n",
    );
  });
});

describe('csvFileName', () => {
  it('names the scope and the local time', () => {
    expect(csvFileName('SPOT', new Date(2026, 10, 22, 9, 5, 3))).toBe('instruments-SPOT-20261122-090503.csv');
    expect(csvFileName('ALL', new Date(2026, 0, 2, 23, 59, 59))).toBe('instruments-ALL-20260102-235959.csv');
  });
});

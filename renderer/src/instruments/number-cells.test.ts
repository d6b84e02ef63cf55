import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../../shared/schemas';
import { figuresOfTexts } from '../lib/number-align';
import { columnValue, FORMAT_OF_KIND, SPEC_BY_ID } from './columns';
import { figuresWidthPx, numberFigures } from './number-cells';
import { maxTextWidth } from './text-fit';
import { CELL_CHROME_PX, MONO_PX } from './grid-layout';

const RAWS = [
  '0',
  '0.0',
  '-0',
  '-0.00',
  '5',
  '12',
  '1200',
  '277777777777',
  '55555555555',
  '0.000001',
  '0.10',
  '1.',
  '.5',
  '+12',
  '-1234.5678',
  '0.0002',
  '0.00018',
  '0.005',
  '0.01',
  '0.07',
  '1',
  '12.5',
  '-0.0001',
  '100.00',
  '0.000000000000000000012345678901234567890',
  '1e-8',
  '2.5E+3',
  'abc',
  ' 12 ',
  '',
  null,
];

const row = (field: string, v: string | null): Instrument =>
  ({
    category: 'USDT-FUTURES',
    symbol: 'X',
    baseCoin: 'X',
    quoteCoin: 'USDT',
    status: 'online',
    [field]: v,
  }) as Instrument;

describe('numberFigures: counted off the raw characters, equal to the displayed texts', () => {
  for (const field of ['minOrderQty', 'maxOrderQty', 'makerFeeRate']) {
    const kind = SPEC_BY_ID.get(field)!.kind;
    it(`${field} (${kind})`, () => {
      // Each value alone, then all together: the fast path must not differ from formatting.
      for (const raw of RAWS) {
        const got = numberFigures([row(field, raw)]).get(field);
        expect(got, JSON.stringify(raw)).toEqual(figuresOfTexts([FORMAT_OF_KIND[kind](raw)]));
      }
      const rows = RAWS.map((r) => row(field, r));
      expect(numberFigures(rows).get(field)).toEqual(
        figuresOfTexts(rows.map((r) => FORMAT_OF_KIND[kind](columnValue(r, field)))),
      );
    });
  }

  it('counts the derived steps: a spot pair shows its step, not "—"', () => {
    const spot = { ...row('pricePrecision', '9'), category: 'SPOT' } as Instrument;
    expect(numberFigures([spot]).get('priceStep')).toEqual({ head: 1, frac: 10, tail: 0, word: 0 });
  });

  it('gives the demo’s longest quantity room in its column', () => {
    const f = numberFigures([row('maxOrderQty', '277777777777'), row('maxOrderQty', '0.5')]).get('maxOrderQty')!;
    // "277,777,777,777" and two invisible places for the ".5" of another row.
    expect(figuresWidthPx(f)).toBeGreaterThanOrEqual(
      maxTextWidth('277,777,777,777.0', MONO_PX, 'mono') + CELL_CHROME_PX,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('leaves plain fields and numbers alone, negative ones included', () => {
    for (const v of ['BTCUSDT', '', '0.0002', '-1', '-0.0001', '-.5', '-1e-8', '1e-8', 'USDT-FUTURES'])
      expect(csvCell(v)).toBe(v);
  });
  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });
  it('never lets a spreadsheet read a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+SUM(A1)')).toBe("'+SUM(A1)");
    expect(csvCell('@cmd')).toBe("'@cmd");
    // Starts like a number, but is not one: the classic DDE payload.
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe(`'-2+3+cmd|' /C calc'!A0`);
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('\tTAB')).toBe("'\tTAB");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });
});

describe('toCsv', () => {
  it('joins records with CRLF and ends with one', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['1', 'x,y'],
      ]),
    ).toBe('a,b\r\n1,"x,y"\r\n');
    expect(toCsv([])).toBe('');
  });
});

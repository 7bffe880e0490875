import { describe, expect, it } from 'vitest';
import { CSV_BOM, toCsv } from './csv';

describe('toCsv', () => {
  it('starts with a byte order mark and a header row, CRLF between rows', () => {
    expect(toCsv(['Product', 'Revenue'], [['Rice', '1500.00']])).toBe(`${CSV_BOM}Product,Revenue\r\nRice,1500.00\r\n`);
  });

  it('quotes commas, quotes and line breaks, and keeps amounts plain', () => {
    const csv = toCsv(
      ['Name', 'Amount'],
      [
        ['Bola, "Iya" Ade', '-20.50'],
        ['two\nlines', null],
      ],
    );
    expect(csv).toBe(`${CSV_BOM}Name,Amount\r\n"Bola, ""Iya"" Ade",-20.50\r\n"two\nlines",\r\n`);
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(toCsv(['Name'], [['=SUM(A1)'], ['-rice']])).toBe(`${CSV_BOM}Name\r\n'=SUM(A1)\r\n'-rice\r\n`);
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, isoDay, toCsv } from './csv';

describe('csvCell', () => {
  it('quotes every string and doubles inner quotes', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvCell('')).toBe('""');
  });

  it('keeps commas and line breaks inside the quotes', () => {
    expect(csvCell('a,b\nc')).toBe('"a,b\nc"');
  });

  it('writes numbers and booleans bare and nothing for missing values', () => {
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-1.5)).toBe('-1.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x.example")')).toBe('"\'=HYPERLINK(""http://x.example"")"');
    expect(csvCell('+1')).toBe('"\'+1"');
    expect(csvCell('-2')).toBe('"\'-2"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('a=b')).toBe('"a=b"');
  });
});

describe('toCsv', () => {
  it('writes a quoted header row then one CRLF line per row', () => {
    const rows = [
      { name: 'Kaieteur "Coffee"', n: 3, ok: true },
      { name: 'Mango, Grove', n: null, ok: false },
    ];
    const csv = toCsv(rows, [
      { header: 'name', value: (r) => r.name },
      { header: 'n', value: (r) => r.n },
      { header: 'ok', value: (r) => r.ok },
    ]);
    expect(csv).toBe('"name","n","ok"\r\n"Kaieteur ""Coffee""",3,true\r\n"Mango, Grove",,false\r\n');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv([], [{ header: 'id', value: () => 'x' }])).toBe('"id"\r\n');
  });
});

describe('csvFileName', () => {
  it('is {tenant}-{kind}-{YYYY-MM-DD}.csv on the local calendar day', () => {
    const date = new Date(2026, 0, 5, 23, 59);
    expect(isoDay(date)).toBe('2026-01-05');
    expect(csvFileName('caribbean', 'artists', date)).toBe('caribbean-artists-2026-01-05.csv');
  });
});

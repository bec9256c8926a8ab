import { describe, expect, it } from 'vitest';
import { parseCsvDate, readRecords, readRecordsInSlices } from './csv.ts';

describe('dates in history files', () => {
  it('accepts ISO, US and written forms; refuses impossible dates', () => {
    expect(parseCsvDate('2025-06-27')).toBe('2025-06-27');
    expect(parseCsvDate('2025-06-27 00:00:00-04:00')).toBe('2025-06-27');
    expect(parseCsvDate('6/27/2025')).toBe('2025-06-27');
    expect(parseCsvDate('06/05/2025')).toBe('2025-06-05');
    expect(parseCsvDate('Jun 27, 2025')).toBe('2025-06-27');
    expect(parseCsvDate('27-Jun-2025')).toBe('2025-06-27');
    expect(parseCsvDate('2/30/2025')).toBeNull();
    expect(parseCsvDate('6/27/25')).toBeNull();
  });
});

describe('records read in slices (security audit I6)', () => {
  // quoted cells with commas and line breaks across the 16 KiB cuts, accents and emoji, a BOM, CRLF, empty lines
  const big = `\uFEFFticker,shares,note\r\n${Array.from({ length: 3000 }, (_, i) => `T${i % 50},${i},"caf\u00e9, ${'\u{1F4C8}'.repeat(i % 3)} line\nbreak ""${i}"""\r\n${i % 7 === 0 ? '\r\n' : ''}`).join('')}`;
  const cases: [string, string, { relaxQuotes?: boolean }][] = [
    ['a large file', big, {}],
    ['a quote inside an unquoted cell, relaxed', 'Symbol,Quantity\nAB"C,1\n', { relaxQuotes: true }],
    ['an unclosed quote', `ticker,shares\n${'T,1\n'.repeat(5000)}"ABC,1\n`, {}],
    ['a quote inside an unquoted cell, strict', 'Symbol,Quantity\nAB"C,1\n', {}],
    ['empty', '', {}],
  ];
  it.each(cases)('%s: the same records or error as in one piece', async (_label, text, options) => {
    expect(await readRecordsInSlices(text, options)).toEqual(readRecords(text, options));
  });

  it('lets other work run between the slices of a large file', async () => {
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    try {
      const records = await readRecordsInSlices(big);
      expect(Array.isArray(records) && records.length).toBe(3001);
    } finally {
      clearInterval(counting);
    }
    expect(turns).toBeGreaterThan(1);
  });
});

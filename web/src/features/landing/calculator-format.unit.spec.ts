import { describe, expect, it } from 'vitest';
import { calcPercent, calcSignedPercent, calcUsd, calcWhole } from './calculator-format.ts';

describe('calculator figures from decimal strings', () => {
  it('keeps every digit of a large value (a float would print …940,200,000.00)', () => {
    expect(calcUsd('968059967873940211953.82')).toBe('$968,059,967,873,940,211,953.82');
    expect(calcWhole('95187804117398251913.2954')).toBe('95,187,804,117,398,251,913');
  });
  it('rounds half away from zero on the digits, carrying through nines', () => {
    expect(calcUsd('12345.678')).toBe('$12,345.68');
    expect(calcUsd('999.995')).toBe('$1,000.00');
    expect(calcWhole('999999.5')).toBe('1,000,000');
    expect(calcSignedPercent('23.45')).toBe('+23.5%');
    expect(calcSignedPercent('-12.34')).toBe('-12.3%');
    expect(calcSignedPercent('-0.04')).toBe('+0.0%');
    expect(calcPercent('132.02')).toBe('132.0%');
    expect(calcUsd('-3.2')).toBe('-$3.20');
  });
  it('N/A for what is not a plain decimal', () => {
    expect(calcUsd('1e21')).toBe('N/A');
    expect(calcWhole('')).toBe('N/A');
  });
});

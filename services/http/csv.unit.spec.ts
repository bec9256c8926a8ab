import { describe, expect, it } from 'vitest';
import { parseCsvDate } from './csv.ts';

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

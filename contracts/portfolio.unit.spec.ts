import { describe, expect, it } from 'vitest';
import { addHolding, NewHolding } from './portfolio.ts';

const nvdw = '00000000-0000-4000-8000-000000000001';

describe('the add-holding request (NewHolding)', () => {
  const schema = NewHolding;
  const issues = (body: unknown) => {
    const r = schema.safeParse(body);
    return r.success ? null : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('normalises decimals to canonical strings and isDrip 1/0 or booleans to a boolean', () => {
    expect(schema.parse({ etfId: nvdw, shares: '12.50', purchasePrice: 50.1, purchaseDate: '2026-01-02', isDrip: 1 })).toEqual({
      etfId: nvdw,
      shares: '12.5',
      purchasePrice: '50.1',
      purchaseDate: '2026-01-02',
      isDrip: true,
    });
    expect(schema.parse({ etfId: nvdw, shares: 3, isDrip: false })).toEqual({ etfId: nvdw, shares: '3', purchasePrice: null, purchaseDate: null, isDrip: false });
    expect(schema.parse({ etfId: nvdw, shares: '1,000', purchasePrice: '', purchaseDate: null, isDrip: '0' }).shares).toBe('1000');
    expect(schema.parse({ etfId: nvdw, shares: '0.0001', isDrip: true }).isDrip).toBe(true);
  });

  it('takes the date part of an ISO instant', () => {
    expect(schema.parse({ etfId: nvdw, shares: 1, purchaseDate: '2026-01-05T00:00:00.000Z' }).purchaseDate).toBe('2026-01-05');
  });

  it('names every invalid field with the spec wording', () => {
    expect(issues({ etfId: nvdw, shares: '0', purchasePrice: '-3', purchaseDate: '2026-01-32', isDrip: 'yes' })).toEqual({
      shares: 'Must be a positive number',
      purchasePrice: 'Purchase price must be a positive number',
      purchaseDate: 'Purchase date must be a valid date (YYYY-MM-DD)',
      isDrip: 'Must be 1 or 0',
    });
    expect(issues({ etfId: nvdw, shares: 'abc', purchaseDate: '2026-02-30' })).toEqual({ shares: 'Must be a positive number', purchaseDate: 'Purchase date must be a valid date (YYYY-MM-DD)' });
    expect(issues({ etfId: nvdw, shares: -1, purchasePrice: 'free' })).toEqual({ shares: 'Must be a positive number', purchasePrice: 'Purchase price must be a positive number' });
    expect(issues({ etfId: nvdw, shares: '' })).toEqual({ shares: 'Must be a positive number' });
  });

  it('says "Required" for a missing ETF or share count', () => {
    expect(issues({ isDrip: 0 })).toMatchObject({ shares: 'Required' });
    expect(issues({ etfId: '  ', shares: 1 })).toEqual({ etfId: 'Required' });
  });

  it('refuses a field it does not name (the endpoint makes the body strict)', () => {
    const strict = addHolding.body;
    const r = strict.safeParse({ etfId: nvdw, shares: 1, isDrip: 0, note: 'kept?' });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', keys: ['note'] })]);
  });
});


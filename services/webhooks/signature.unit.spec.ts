import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureHeader, signatureOf, verifySignature } from './signature.ts';

const secret = 'whsec_test-secret';
const body = '{"id":"evt_1","type":"payout.received","createdAt":"2026-03-02T15:00:00.000Z","data":{}}';

describe('WeeklyDiv-Signature', () => {
  it('is t=<unix>,v1=<hex HMAC-SHA256 of "t.body">', () => {
    const expected = createHmac('sha256', secret).update(`1772463600.${body}`).digest('hex');
    expect(signatureOf(secret, 1772463600, body)).toBe(expected);
    expect(signatureHeader(secret, 1772463600, body)).toBe(`t=1772463600,v1=${expected}`);
  });

  it('verifies a genuine delivery within the tolerance, and nothing else', () => {
    const header = signatureHeader(secret, 1772463600, body);
    expect(verifySignature(header, body, secret, 1772463600)).toBe(true);
    expect(verifySignature(header, body, secret, 1772463600 + 300)).toBe(true);
    expect(verifySignature(header, body, secret, 1772463600 + 301)).toBe(false); // replayed too late
    expect(verifySignature(header, body, secret, 1772463600 - 301)).toBe(false);
    expect(verifySignature(header, body.replace('payout', 'alert'), secret, 1772463600)).toBe(false); // body changed
    expect(verifySignature(header, body, 'whsec_other', 1772463600)).toBe(false); // another secret
    expect(verifySignature(header.replace('t=1772463600', 't=1772463601'), body, secret, 1772463600)).toBe(false); // time changed
    expect(verifySignature(undefined, body, secret, 1772463600)).toBe(false);
    expect(verifySignature('v1=abc', body, secret, 1772463600)).toBe(false);
    expect(verifySignature('t=1772463600,v1=zz', body, secret, 1772463600)).toBe(false);
  });

  it('accepts any one matching v1 among several (a secret being rotated)', () => {
    const good = signatureOf(secret, 1772463600, body);
    expect(verifySignature(`t=1772463600,v1=${'0'.repeat(64)},v1=${good}`, body, secret, 1772463600)).toBe(true);
  });
});

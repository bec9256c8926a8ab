import { describe, expect, it } from 'vitest';
import type { AccountDeletedEvent } from '../../events/accounts.ts';
import type { SupportEvent } from '../../events/support.ts';
import { project, recorded, sampleEvent, schemaCoverage, type CoverageCases, type GivenEvent } from '../runtime/projection-testing.ts';
import { SUPPORT_REQUESTS, supportProjection } from './projection.ts';

const r1 = '11111111-1111-4111-8111-111111111111';
const r2 = '22222222-2222-4222-8222-222222222222';
const ann = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const at = '2026-11-27T15:00:00.000Z';
const later = '2026-11-28T09:00:00.000Z';
const sent = (requestId: string, priority: boolean) => ({
  requestId,
  userId: ann,
  email: 'ann@example.com',
  name: 'Ann Lee',
  priority,
  subject: 'Payout missing',
  message: 'Where is it?',
  requestedAt: at,
});
const history: GivenEvent[] = [
  { stream: `support-${r1}`, type: 'SupportRequested', data: sent(r1, false) },
  { stream: `support-${r2}`, type: 'SupportRequested', data: sent(r2, true) },
  { stream: `support-${r1}`, type: 'SupportRequestAnswered', data: { requestId: r1, answeredAt: later } },
];
const { requestId: _r1, ...rest1 } = sent(r1, false);
const { requestId: _r2, ...rest2 } = sent(r2, true);
const expected = [
  { _id: r1, ...rest1, answeredAt: later, _position: 3 },
  { _id: r2, ...rest2, answeredAt: null, _position: 2 },
];

describe('support projection', () => {
  it('keeps one document per request: priority, open or answered', async () => {
    const { all } = await project(supportProjection, recorded(history));
    expect(await all(SUPPORT_REQUESTS)).toEqual(expected);
  });

  it('gives the same documents when every batch is delivered twice', async () => {
    const twice = await project(supportProjection, recorded(history), { batchSize: 1, deliverTwice: true });
    expect(await twice.all(SUPPORT_REQUESTS)).toEqual(expected);
  });
});

describe('support projection: schema coverage', () => {
  const cases: CoverageCases<SupportEvent | AccountDeletedEvent> = {
    // the user's documents are gone once the account is deleted (docs/accounts-and-security.md "Deleting an account")
    AccountDeleted: { given: (d) => [sampleEvent('SupportRequested', { userId: d.userId })] },
    SupportRequested: {},
    SupportRequestAnswered: { given: (d) => [sampleEvent('SupportRequested', { requestId: d.requestId })] },
  };

  it('carries every field of the events it handles into its documents', async () => {
    const { notReaching, documentFields } = await schemaCoverage(supportProjection, cases);
    expect(notReaching).toEqual({
      // when the account was deleted is the log's: the documents are gone
      AccountDeleted: ['deletedAt'], SupportRequested: [], SupportRequestAnswered: [] });
    expect({ version: supportProjection.version, documentFields }).toEqual({
      version: 1,
      documentFields: {
        [SUPPORT_REQUESTS]: ['_id', '_position', 'answeredAt', 'email', 'message', 'name', 'priority', 'requestedAt', 'subject', 'userId'],
      },
    });
  });
});

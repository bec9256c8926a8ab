import { describe, it } from 'vitest';
import type { CommandContext } from '../core/decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { supportDecider, supportMessages, type SupportRequestData } from './business-logic.ts';

const requestId = '11111111-1111-4111-8111-111111111111';
const userId = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const now = '2026-11-28T15:00:00.000Z';
const later = '2026-11-28T16:00:00.000Z';
const ctx = (at = now): CommandContext => ({ actor: `user:${userId}`, correlationId: 'req-1', now: at });
const given = deciderSpec(supportDecider, ctx());
const data: SupportRequestData = { requestId, userId, email: 'ann@example.com', name: 'Ann Lee', priority: true, subject: 'Payout', message: 'Where is it?' };
const sent = { type: 'SupportRequested' as const, data: { ...data, requestedAt: now } };

describe('support decider', () => {
  it('records a request at the time of the command', () => {
    given().when({ type: 'RequestSupport', data }).then([sent]);
  });

  it('marks an open request answered, once', () => {
    given([sent]).when({ type: 'MarkAnswered', data: {} }, ctx(later)).then([{ type: 'SupportRequestAnswered', data: { requestId, answeredAt: later } }]);
    given([sent, { type: 'SupportRequestAnswered', data: { requestId, answeredAt: later } }])
      .when({ type: 'MarkAnswered', data: {} })
      .thenThrows({ status: 409, message: supportMessages.alreadyAnswered });
  });

  it('answers 404 for a request that does not exist', () => {
    given().when({ type: 'MarkAnswered', data: {} }).thenThrows({ status: 404, message: supportMessages.notFound });
  });
});

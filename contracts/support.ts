import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/**
 * Support (issue 29): a signed-in user's form on /support (`POST /api/support`), the owner's inbox in
 * the admin dashboard (`GET /api/admin/support`, Premium requests marked priority and listed first)
 * and "Mark answered". Handled by services/support/api.ts; docs/billing.md "Priority support".
 */

export const supportMessages = {
  subjectRequired: 'Subject is required',
  subjectLong: 'Subject must be at most 150 characters',
  messageRequired: 'Message is required',
  messageLong: 'Message must be at most 5000 characters',
} as const;

export const SupportRequestBody = z.object({
  subject: z.string().trim().min(1, supportMessages.subjectRequired).max(150, supportMessages.subjectLong),
  message: z.string().trim().min(1, supportMessages.messageRequired).max(5000, supportMessages.messageLong),
});

export const SupportSentAnswer = z.object({ id: z.string(), priority: z.boolean(), message: z.string() });
export type SupportSentAnswer = z.infer<typeof SupportSentAnswer>;

export const SupportRequestJson = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** Sent with Premium rights: "Priority". */
  priority: z.boolean(),
  subject: z.string(),
  message: z.string(),
  requestedAt: z.string(),
  /** Null while open. */
  answeredAt: z.string().nullable(),
});
export type SupportRequestJson = z.infer<typeof SupportRequestJson>;

const requestId = z.object({ id: z.uuid('Support request not found') });
const tags = ['Support'];

export const sendSupportRequest = endpoint({
  method: 'post',
  path: '/api/support',
  access: 'user',
  summary: 'Send a support request (stored for the owner; an acknowledgement is mailed). Premium requests are priority.',
  description: 'At most 10 requests an hour per account (429 with `Retry-After` beyond).',
  tags,
  body: SupportRequestBody,
  responses: { 201: { description: 'Sent.', json: SupportSentAnswer } },
  errors: [400, 429],
  reads: ['support'],
  waitsFor: 'all',
});

export const getSupportRequests = endpoint({
  method: 'get',
  path: '/api/admin/support',
  access: 'owner',
  summary: 'The support inbox: open before answered, priority (Premium) first, then the oldest first (at most 200).',
  tags,
  responses: { 200: { description: 'The requests.', json: z.array(SupportRequestJson) } },
  errors: [],
  reads: ['support'],
});

export const markSupportAnswered = endpoint({
  method: 'post',
  path: '/api/admin/support/:id/answered',
  access: 'owner',
  summary: 'Mark a support request answered.',
  tags,
  params: requestId,
  responses: { 200: { description: 'The request, answered.', json: SupportRequestJson } },
  errors: [404, 409],
  reads: ['support'],
  waitsFor: 'all',
});

import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** Personal API tokens (`/api/user/tokens`, issue 31; docs/open-data.md). */

export const TOKEN_NAME_MAX = 60;

export const tokenFieldMessages = {
  nameRequired: 'Give the token a name',
  nameText: 'The name must be text',
  nameLong: `The name can be at most ${TOKEN_NAME_MAX} characters`,
  expiresAtInvalid: 'The expiry must be a date and time such as 2027-01-31T00:00:00Z',
} as const;

/** `POST /api/user/tokens`. */
export const NewApiToken = z.object({
  name: z
    .string({ error: tokenFieldMessages.nameText })
    .trim()
    .min(1, tokenFieldMessages.nameRequired)
    .max(TOKEN_NAME_MAX, tokenFieldMessages.nameLong)
    .describe('What the token is for ("Spreadsheet", "Home server").'),
  expiresAt: z.iso
    .datetime({ offset: true, error: tokenFieldMessages.expiresAtInvalid })
    .nullable()
    .optional()
    .describe('When the token stops working (ISO 8601 with an offset, in the future); left out or null: until revoked.'),
});
export type NewApiToken = z.input<typeof NewApiToken>;

/** The answer of a creation: the secret, shown this once (only its hash is kept). */
export const CreatedApiToken = z.object({
  id: z.string(),
  token: z.string().describe('The secret (`wd_` and 43 characters): send it as `Authorization: Bearer <token>`. It is never shown again.'),
});
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;

/** A token as listed: never its secret. */
export const ApiToken = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  /** Updated at most once a minute. */
  lastUsedAt: z.string().nullable(),
  expired: z.boolean(),
});
export type ApiToken = z.infer<typeof ApiToken>;

const tags = ['API tokens'];

export const createApiToken = endpoint({
  method: 'post',
  path: '/api/user/tokens',
  access: 'user',
  summary: 'Create a read-only API token (the secret is in this answer only).',
  description: 'At most 10 working tokens. A token reads the endpoints marked with the `token` security scheme; it never writes and never reaches the owner routes (403).',
  tags,
  body: NewApiToken,
  responses: { 201: { description: 'The token and its secret.', json: CreatedApiToken } },
  errors: [400, 412],
  waitsFor: ['api-tokens'],
});

export const listApiTokens = endpoint({
  method: 'get',
  path: '/api/user/tokens',
  access: 'user',
  summary: 'The working and expired tokens, newest first (never their secrets).',
  tags,
  responses: { 200: { description: 'The tokens.', json: z.array(ApiToken) } },
  errors: [],
  reads: ['api-tokens'],
});

export const revokeApiToken = endpoint({
  method: 'delete',
  path: '/api/user/tokens/:tokenId',
  access: 'user',
  summary: 'Revoke a token: it stops working at once.',
  tags,
  params: z.object({ tokenId: z.string().describe('The token id.') }),
  responses: { 204: { description: 'Revoked.' } },
  errors: [404, 412],
  waitsFor: ['api-tokens'],
});

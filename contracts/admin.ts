import { AdminPing } from './accounts.ts';
import { endpoint } from './endpoint.ts';

/** `GET /api/admin/ping`: the smallest owner-only endpoint, to check the admin guard from the client and in tests. */
export const adminPing = endpoint({
  method: 'get',
  path: '/api/admin/ping',
  access: 'owner',
  summary: 'Checks the owner guard.',
  tags: ['Admin'],
  responses: { 200: { description: 'The owner is signed in.', json: AdminPing } },
  errors: [],
});

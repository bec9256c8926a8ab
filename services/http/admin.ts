import { adminPing } from '../../contracts/admin.ts';
import { apiModule, handle } from './endpoints.ts';

/**
 * `GET /api/admin/ping` (contracts/admin.ts): the smallest owner-only endpoint, to check the admin
 * guard from the client and in tests. Under /api/admin, so the app's owner guard runs first.
 */
export const adminPingApi = apiModule('admin', () => [handle(adminPing, (_input, call) => ({ ok: true as const, owner: call.auth.user.email }))]);

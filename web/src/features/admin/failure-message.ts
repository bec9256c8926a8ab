import { isApiError } from '../../api/base-api.ts';

/**
 * The description of a destructive "Error" toast: the server's message (`{ message }` of its JSON
 * error), else its plain-text body as "status: text", else the spec's fallback (no answer at all, an
 * empty body, or an HTML error page from a proxy).
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (!isApiError(error) || error.status === 'FETCH_ERROR') return fallback;
  const data = error.data;
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' && data.message.trim()) return data.message;
  if (typeof data === 'string' && data.trim() && !data.trimStart().startsWith('<')) return error.message;
  return fallback;
}

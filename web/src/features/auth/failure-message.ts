import { isApiError, serverMessage } from '../../api/base-api.ts';

export const GENERIC_FAILURE = 'An error occurred. Please try again.';

/**
 * Forgot/reset failures: the server's message, or "An error occurred. Please try again."
 * when there is none (no answer, or an answer without a message of its own).
 */
export function failureMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 'FETCH_ERROR') return GENERIC_FAILURE;
  const data = error.data;
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' && data.message) return serverMessage(error);
  if (typeof data === 'string' && data.trim() && !data.trim().startsWith('<')) return data.trim();
  return GENERIC_FAILURE;
}

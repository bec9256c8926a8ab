import { serverMessage } from '../../api/base-api.ts';

export const NO_CHECKOUT_URL = 'No checkout URL received';

/** The description of the "Checkout failed" toast: the error's message, or "Please try again". */
export function checkoutFailureMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  const message = error ? serverMessage(error) : '';
  return message && message !== 'Unknown error' ? message : 'Please try again';
}

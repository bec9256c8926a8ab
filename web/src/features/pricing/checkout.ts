import { serverMessage } from '../../api/base-api.ts';

export const NO_CHECKOUT_URL = 'No checkout URL received';

/** The title of the toast of a refused checkout: a 409 means there is nothing to pay (Premium already, or a payment being confirmed). */
export function checkoutFailureTitle(error: unknown): string {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 409 ? 'Nothing to pay' : 'Checkout failed';
}

/** The description of the "Checkout failed" toast: the error's message, or "Please try again". */
export function checkoutFailureMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  const message = error ? serverMessage(error) : '';
  return message && message !== 'Unknown error' ? message : 'Please try again';
}

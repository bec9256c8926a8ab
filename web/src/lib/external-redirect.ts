/**
 * Sends the browser to another site (Stripe Checkout, the Stripe billing portal): a full page load,
 * not a router navigation. One function, so component specs can replace it.
 */
export function goToExternal(url: string): void {
  window.location.assign(url);
}

/**
 * The personal fields of stored events (docs/accounts-and-security.md "Deleting an account"). Each is
 * stored encrypted with its user's data key (`pii:v1:…`, infra/personal-data/), so destroying the key
 * when the account is deleted leaves the log replayable without the data: a field whose key is gone
 * reads as its placeholder here. The placeholders pass the events' own schemas (a replay validates).
 *
 * A field is a path into the event's data: `accounts.*.accountName` is the `accountName` of every
 * element of `accounts`. The user is the data's `userId` (every event listed here has one).
 */
export interface PersonalFields {
  /** Field path → what it reads as once the user's key is destroyed. */
  readonly fields: Readonly<Record<string, string>>;
}

export const DELETED_EMAIL = 'deleted-user';
export const DELETED_FIRST_NAME = 'Deleted';
export const DELETED_LAST_NAME = 'user';
export const DELETED_NAME = 'Deleted user';
export const DELETED_TEXT = '(deleted)';
/** A webhook endpoint of a deleted user (its address may name the user's own server; the schema wants a URL). */
export const DELETED_URL = 'https://deleted.invalid/';
/** A Stripe customer id of a deleted user (Stripe's ids are opaque, but they lead to the customer's address at Stripe). */
export const DELETED_STRIPE_ID = 'deleted';

const names = { firstName: DELETED_FIRST_NAME, lastName: DELETED_LAST_NAME };

/** By domain event type (every stored version of it). */
export const personalFieldsByType: Readonly<Record<string, PersonalFields>> = {
  UserRegistered: { fields: { email: DELETED_EMAIL, ...names } },
  EmailReserved: { fields: { email: DELETED_EMAIL } },
  EmailVerified: { fields: { email: DELETED_EMAIL } },
  UserNameChanged: { fields: names },
  SupportRequested: { fields: { email: DELETED_EMAIL, name: DELETED_NAME, subject: DELETED_TEXT, message: DELETED_TEXT } },
  StripeCustomerLinked: { fields: { stripeCustomerId: DELETED_STRIPE_ID } },
  CheckoutCompleted: { fields: { stripeCustomerId: DELETED_STRIPE_ID } },
  SubscriptionUpdated: { fields: { stripeCustomerId: DELETED_STRIPE_ID } },
  BrokerageSynced: { fields: { 'accounts.*.accountName': DELETED_TEXT, 'accounts.*.brokerageName': DELETED_TEXT } },
  // issue 31: what the user typed for a token, and where their webhooks point
  ApiTokenCreated: { fields: { name: DELETED_TEXT } },
  WebhookRegistered: { fields: { url: DELETED_URL } },
};

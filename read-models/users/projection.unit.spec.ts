import { describe, expect, it } from 'vitest';
import type { AccountDeletedEvent } from '../../events/accounts.ts';
import type { AccountEvent } from '../../events/accounts.ts';
import type { BillingEvent } from '../../events/billing.ts';
import { registry } from '../../events/registry.ts';
import { project, recorded, sampleEvent, schemaCoverage, type CoverageCases, type GivenEvent } from '../runtime/projection-testing.ts';
import { USERS, usersProjection, type UserDoc } from './projection.ts';

const ann = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const bob = '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f';
const at = '2026-01-05T15:00:00.000Z';

const history: GivenEvent[] = [
  { stream: `user-${ann}`, type: 'UserRegistered', data: { userId: ann, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', passwordHash: 'scrypt$secret', registeredAt: at } },
  { stream: `user-${bob}`, type: 'UserRegistered', data: { userId: bob, email: 'bob@example.com', firstName: 'Bob', lastName: 'Ray', passwordHash: 'scrypt$other', registeredAt: at } },
  { stream: `user-${ann}`, type: 'UserLoggedIn', data: { userId: ann, sessionEpoch: 0, loggedInAt: at } },
  { stream: `user-${ann}`, type: 'SessionsRevoked', data: { userId: ann, sessionEpoch: 1, reason: 'logout-everywhere', revokedAt: at } },
  { stream: `user-${ann}`, type: 'PasswordChanged', data: { userId: ann, passwordHash: 'scrypt$new', reason: 'reset', changedAt: at } },
  { stream: `user-${ann}`, type: 'SessionsRevoked', data: { userId: ann, sessionEpoch: 2, reason: 'password-reset', revokedAt: at } },
  { stream: `user-${bob}`, type: 'SubscriptionChanged', data: { userId: bob, subscriptionTier: 'premium', subscriptionStatus: 'active', changedAt: at } },
  // the name edited on /account (issue 29)
  { stream: `user-${ann}`, type: 'UserNameChanged', data: { userId: ann, firstName: 'Ann', lastName: 'Lee-Park', changedAt: at } },
];

const expected = [
  {
    _id: bob,
    email: 'bob@example.com',
    firstName: 'Bob',
    lastName: 'Ray',
    subscriptionTier: 'premium',
    // the plan set by hand: one subscription beside Stripe's
    subscriptions: [{ id: 'manual', status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false, endedAt: null, asOf: at }],
    sessionEpoch: 0,
    registeredAt: at,
    emailVerified: false,
    verificationTokenHash: null,
    _position: 7,
  },
  { _id: ann, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee-Park', subscriptionTier: 'free', subscriptions: [], sessionEpoch: 2, registeredAt: at, emailVerified: false, verificationTokenHash: null, _position: 8 },
];

describe('users projection', () => {
  it('keeps one document per user with profile, subscription and session epoch, never the password hash', async () => {
    const { all } = await project(usersProjection, recorded(history));
    const docs = await all<UserDoc>(USERS);
    expect(docs).toEqual(expected);
    expect(JSON.stringify(docs)).not.toContain('scrypt$');
  });

  it('gives the same documents when every batch is delivered twice', async () => {
    const once = await project(usersProjection, recorded(history), { batchSize: 1 });
    const twice = await project(usersProjection, recorded(history), { batchSize: 1, deliverTwice: true });
    expect(await twice.all(USERS)).toEqual(await once.all(USERS));
    expect(await twice.all(USERS)).toEqual(expected);
  });

  it('gives byte-identical documents on a rebuild', async () => {
    const first = await project(usersProjection, recorded(history), { batchSize: 3 });
    const second = await project(usersProjection, recorded(history), { batchSize: 2 });
    expect(JSON.stringify(await second.all(USERS))).toBe(JSON.stringify(await first.all(USERS)));
  });

  it('ignores events for a user it does not know', async () => {
    const orphan: GivenEvent[] = [{ type: 'SessionsRevoked', data: { userId: ann, sessionEpoch: 1, reason: 'logout-everywhere', revokedAt: at } }];
    const { all } = await project(usersProjection, recorded(orphan));
    expect(await all(USERS)).toEqual([]);
  });

  it('keeps the ids of sessions ended by a logout until they would have expired, once each even when delivered twice', async () => {
    const logouts: GivenEvent[] = [
      history[0]!,
      { stream: `user-${ann}`, type: 'UserLoggedOut', data: { userId: ann, loggedOutAt: '2026-01-05T09:00:00.000Z', sessionId: 'first', sessionExpiresAt: '2026-01-05T20:00:00.000Z' } },
      { stream: `user-${ann}`, type: 'UserLoggedOut', data: { userId: ann, loggedOutAt: '2026-01-05T10:00:00.000Z' } }, // an older event without an id
      { stream: `user-${ann}`, type: 'UserLoggedOut', data: { userId: ann, loggedOutAt: '2026-01-05T19:00:00.000Z', sessionId: 'second', sessionExpiresAt: '2026-01-06T06:00:00.000Z' } },
      { stream: `user-${ann}`, type: 'UserLoggedOut', data: { userId: ann, loggedOutAt: '2026-01-05T21:00:00.000Z', sessionId: 'third', sessionExpiresAt: '2026-01-06T08:00:00.000Z' } },
    ];
    const twice = await project(usersProjection, recorded(logouts), { batchSize: 1, deliverTwice: true });
    const [doc] = await twice.all<UserDoc>(USERS);
    // 'first' expired at 20:00, before the logout at 21:00, so it is dropped then.
    expect(doc!.endedSessions).toEqual([
      { sessionId: 'second', until: '2026-01-06T06:00:00.000Z' },
      { sessionId: 'third', until: '2026-01-06T08:00:00.000Z' },
    ]);
  });

  it('keeps the hash of the verification link that works now, and says verified once proven', async () => {
    const link = (hash: string): GivenEvent => ({
      stream: `user-${ann}`,
      type: 'EmailVerificationRequested',
      data: { userId: ann, tokenHash: hash, requestedAt: at, expiresAt: '2026-01-07T15:00:00.000Z' },
    });
    const verified: GivenEvent = { stream: `user-${ann}`, type: 'EmailVerified', data: { userId: ann, email: 'ann@example.com', via: 'link', verifiedAt: at } };
    const pending = await project(usersProjection, recorded([history[0]!, link('a'.repeat(64)), link('b'.repeat(64))]));
    expect((await pending.all<UserDoc>(USERS))[0]).toMatchObject({ emailVerified: false, verificationTokenHash: 'b'.repeat(64) });
    const done = await project(usersProjection, recorded([history[0]!, link('a'.repeat(64)), verified, link('c'.repeat(64))]), { batchSize: 1, deliverTwice: true });
    // A link requested after the verification (not possible through the API) does not undo it.
    expect((await done.all<UserDoc>(USERS))[0]).toMatchObject({ emailVerified: true, verificationTokenHash: null });
  });
});

describe('users projection: billing', () => {
  const sub = (status: string, currentPeriodEnd: string, asOf: string, extra: { id?: string; cancelAtPeriodEnd?: boolean; endedAt?: string } = {}): GivenEvent => ({
    stream: `billing-${ann}`,
    type: 'SubscriptionUpdated',
    data: {
      userId: ann,
      stripeEventId: `evt_${status}_${asOf}`,
      eventCreated: asOf,
      asOf,
      stripeSubscriptionId: extra.id ?? 'sub_1',
      stripeCustomerId: 'cus_1',
      status,
      currentPeriodEnd,
      cancelAtPeriodEnd: extra.cancelAtPeriodEnd ?? false,
      endedAt: extra.endedAt ?? null,
      priceId: 'price_1',
      recordedAt: at,
    },
  });
  const linked = (customer: string): GivenEvent => ({ stream: `billing-${ann}`, type: 'StripeCustomerLinked', data: { userId: ann, stripeCustomerId: customer, linkedAt: at } });

  it('keeps the customer and each subscription: status, period end, cancel at period end, end', async () => {
    const events: GivenEvent[] = [
      history[0]!,
      linked('cus_1'),
      sub('incomplete', '2026-02-05T15:00:00.000Z', '2026-01-05T15:00:00.000Z'),
      sub('active', '2026-02-05T15:00:00.000Z', '2026-01-05T15:00:01.000Z'),
      sub('past_due', '2026-03-05T15:00:00.000Z', '2026-02-05T16:00:00.000Z'),
    ];
    const { all } = await project(usersProjection, recorded(events), { batchSize: 2, deliverTwice: true });
    const [doc] = await all<UserDoc>(USERS);
    expect(doc).toMatchObject({
      stripeCustomerId: 'cus_1',
      stripeCustomerIds: ['cus_1'],
      subscriptionTier: 'premium',
      subscriptions: [{ id: 'sub_1', status: 'past_due', currentPeriodEnd: '2026-03-05T15:00:00.000Z', cancelAtPeriodEnd: false, endedAt: null, asOf: '2026-02-05T16:00:00.000Z' }],
    });
  });

  it('keeps two subscriptions apart: one ending or going unpaid leaves the other as it was (S1)', async () => {
    const events: GivenEvent[] = [
      history[0]!,
      linked('cus_1'),
      sub('active', '2026-02-05T15:00:00.000Z', '2026-01-05T15:00:00.000Z', { id: 'sub_a' }),
      sub('active', '2026-02-06T15:00:00.000Z', '2026-01-06T15:00:00.000Z', { id: 'sub_b' }),
      sub('unpaid', '2026-02-05T15:00:00.000Z', '2026-01-07T15:00:00.000Z', { id: 'sub_a' }),
      sub('canceled', '2026-02-05T15:00:00.000Z', '2026-01-08T15:00:00.000Z', { id: 'sub_a', endedAt: '2026-01-08T15:00:00.000Z' }),
      // a fact older than the one kept for sub_b changes nothing
      sub('incomplete', '2026-02-06T15:00:00.000Z', '2026-01-06T14:00:00.000Z', { id: 'sub_b' }),
    ];
    const once = await project(usersProjection, recorded(events), { batchSize: 1 });
    const twice = await project(usersProjection, recorded(events), { batchSize: 3, deliverTwice: true });
    const [doc] = await once.all<UserDoc>(USERS);
    expect(doc!.subscriptions).toEqual([
      { id: 'sub_a', status: 'canceled', currentPeriodEnd: '2026-02-05T15:00:00.000Z', cancelAtPeriodEnd: false, endedAt: '2026-01-08T15:00:00.000Z', asOf: '2026-01-08T15:00:00.000Z' },
      { id: 'sub_b', status: 'active', currentPeriodEnd: '2026-02-06T15:00:00.000Z', cancelAtPeriodEnd: false, endedAt: null, asOf: '2026-01-06T15:00:00.000Z' },
    ]);
    expect(await twice.all(USERS)).toEqual(await once.all(USERS));
  });

  it('a plan set by hand and a Stripe subscription are two subscriptions; dropping the plan keeps the other', async () => {
    const plan = (tier: 'free' | 'premium', status: string | null): GivenEvent => ({
      stream: `user-${ann}`,
      type: 'SubscriptionChanged',
      data: { userId: ann, subscriptionTier: tier, subscriptionStatus: status, changedAt: at },
    });
    const { all } = await project(usersProjection, recorded([history[0]!, plan('premium', 'active'), linked('cus_1'), sub('unpaid', '2026-02-05T15:00:00.000Z', at), plan('free', null)]));
    const [doc] = await all<UserDoc>(USERS);
    expect(doc).toMatchObject({ subscriptionTier: 'premium', subscriptions: [{ id: 'sub_1', status: 'unpaid' }] });
    const { all: none } = await project(usersProjection, recorded([history[0]!, plan('premium', 'active'), plan('free', null)]));
    expect((await none<UserDoc>(USERS))[0]).toMatchObject({ subscriptionTier: 'free', subscriptions: [] });
  });

  it('reads a SubscriptionUpdated of v1 (before issue 25): as of its event, and an ended one as ended then', async () => {
    const v1 = { userId: ann, stripeEventId: 'evt_old', eventCreated: '2026-01-09T15:00:00.000Z', stripeSubscriptionId: 'sub_old', stripeCustomerId: 'cus_1', status: 'canceled', currentPeriodEnd: '2026-02-05T15:00:00.000Z', cancelAtPeriodEnd: false, priceId: 'price_1', recordedAt: at };
    const [registeredAnn] = recorded([history[0]!]);
    const old = registry.decode({ stream: `billing-${ann}`, revision: 0, position: 2, type: 'SubscriptionUpdated.v1', data: v1, metadata: { actor: 'test', correlationId: 'test' }, recordedAt: at });
    const { all } = await project(usersProjection, [registeredAnn!, old]);
    expect((await all<UserDoc>(USERS))[0]!.subscriptions).toEqual([
      { id: 'sub_old', status: 'canceled', currentPeriodEnd: '2026-02-05T15:00:00.000Z', cancelAtPeriodEnd: false, endedAt: '2026-01-09T15:00:00.000Z', asOf: '2026-01-09T15:00:00.000Z' },
    ]);
  });

  it('finds a user by Stripe customer (the webhook index)', async () => {
    const link = (customer: string): GivenEvent => ({ stream: `billing-${bob}`, type: 'StripeCustomerLinked', data: { userId: bob, stripeCustomerId: customer, linkedAt: at } });
    const { all } = await project(usersProjection, recorded([history[0]!, history[1]!, link('cus_bob'), link('cus_bob_2'), link('cus_bob')]), { batchSize: 1, deliverTwice: true });
    const docs = await all<UserDoc>(USERS);
    // every customer linked stays in the index; the one linked last is the one checkout and the portal use
    expect(docs.find((d) => d._id === bob)).toMatchObject({ stripeCustomerId: 'cus_bob', stripeCustomerIds: ['cus_bob_2', 'cus_bob'] });
    expect(usersProjection.collections[USERS]).toContainEqual(expect.objectContaining({ key: { stripeCustomerIds: 1 } }));
  });
});

describe('users projection: schema coverage', () => {
  type Handled = Extract<
    AccountEvent | BillingEvent,
    { type: 'UserRegistered' | 'UserLoggedOut' | 'SessionsRevoked' | 'SubscriptionChanged' | 'EmailVerificationRequested' | 'EmailVerified' | 'UserNameChanged' | 'StripeCustomerLinked' | 'SubscriptionUpdated' }
  >;
  const registered = (d: { userId: string }) => [sampleEvent('UserRegistered', { userId: d.userId })];
  const cases: CoverageCases<Handled | AccountDeletedEvent> = {
    // the user's documents are gone once the account is deleted (docs/accounts-and-security.md "Deleting an account")
    AccountDeleted: { given: (d) => [sampleEvent('UserRegistered', { userId: d.userId })] },
    UserRegistered: {},
    UserLoggedOut: { given: registered },
    SessionsRevoked: { given: registered },
    // a Premium plan is a subscription of the document (a free one is none)
    SubscriptionChanged: { given: registered, data: { subscriptionTier: 'premium' } },
    EmailVerificationRequested: { given: registered },
    EmailVerified: { given: registered },
    UserNameChanged: { given: registered },
    StripeCustomerLinked: { given: registered },
    SubscriptionUpdated: { given: registered },
  };

  it('carries every field of the events it handles into its documents, but those listed with the reason', async () => {
    const { notReaching, documentFields } = await schemaCoverage(usersProjection, cases);
    expect(notReaching).toEqual({
      // when the account was deleted is the log's: the documents are gone
      AccountDeleted: ['deletedAt'],
      // never the password hash: logins check it on the user stream
      UserRegistered: ['passwordHash'],
      // the logout time only drops ended sessions already expired (none here); the document keeps the session's expiry
      UserLoggedOut: ['loggedOutAt'],
      // the epoch is what the gateway checks; why and when are the log's
      SessionsRevoked: ['reason', 'revokedAt'],
      // the link's expiry and the address are checked on the user stream; the document keeps the link's hash
      EmailVerificationRequested: ['requestedAt', 'expiresAt'],
      EmailVerified: ['email', 'via', 'verifiedAt'],
      // when is the log's
      UserNameChanged: ['changedAt'],
      SubscriptionChanged: [],
      StripeCustomerLinked: ['linkedAt'],
      // Stripe's bookkeeping (event id and time, the customer StripeCustomerLinked set, the price): the webhook's, not the account's
      SubscriptionUpdated: ['stripeEventId', 'eventCreated', 'stripeCustomerId', 'priceId', 'recordedAt'],
    });
    // The fields of the documents of this version: a change to them is a new version (docs/architecture.md, "Where things go").
    expect({ version: usersProjection.version, documentFields }).toEqual({
      version: 6,
      documentFields: {
        [USERS]: [
          '_id', '_position', 'email', 'emailVerified', 'endedSessions', 'endedSessions[].sessionId', 'endedSessions[].until', 'firstName', 'lastName', 'registeredAt',
          'sessionEpoch', 'stripeCustomerId', 'stripeCustomerIds', 'subscriptionTier', 'subscriptions', 'subscriptions[].asOf', 'subscriptions[].cancelAtPeriodEnd',
          'subscriptions[].currentPeriodEnd', 'subscriptions[].endedAt', 'subscriptions[].id', 'subscriptions[].status', 'verificationTokenHash',
        ],
      },
    });
  });
});

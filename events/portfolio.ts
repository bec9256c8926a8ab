import { z } from 'zod';
import { defineEvent, type EventsOf } from './define.ts';
import { decimalString, isoDate, isoInstant } from './catalog.ts';

/**
 * A user's manually tracked holdings live on `portfolio-<userId>` (one stream per user): "one holding
 * per ETF per user" is checked inside that stream with its expected revision. Shares and prices are
 * canonical decimal strings (`12.5`, never `12.50` or a float).
 */

/**
 * What a user enters for a holding (the form, a CSV line), defined once: `HoldingAdded` and
 * `HoldingUpdated` spread it, and the decider state, the `portfolios` document, the import plan, the
 * export and the user-area cache copy or compare it through `enteredOf`/`sameEntered`, never by naming
 * the fields. A new field goes here, with `.default(...)` so the events already stored still read
 * (docs/architecture.md, "Where things go").
 */
export const holdingEntered = z.object({
  /** Shares bought (above 0). */
  shares: decimalString,
  /** Price paid per share, when the user gave one. */
  purchasePrice: decimalString.nullable(),
  /** The day the shares were bought (America/New_York), when the user gave one. */
  purchaseDate: isoDate.nullable(),
  /** Distributions are reinvested at the pay date's close. */
  isDrip: z.boolean(),
});
export type HoldingEntered = z.infer<typeof holdingEntered>;

const enteredKeys: readonly (keyof HoldingEntered)[] = holdingEntered.keyof().options;

/** The entered values of a holding, an event or a line, and nothing else (a value left undefined stays out). */
export function enteredOf<T extends Partial<HoldingEntered>>(values: T): Pick<T, keyof HoldingEntered & keyof T> {
  const entered: Partial<Record<keyof HoldingEntered, unknown>> = {};
  for (const key of enteredKeys) if (values[key] !== undefined) entered[key] = values[key];
  return entered as Pick<T, keyof HoldingEntered & keyof T>;
}

/** Whether two holdings (or a holding and an entry about to be written) have the same entered values. */
export function sameEntered(a: Partial<HoldingEntered>, b: Partial<HoldingEntered>): boolean {
  return enteredKeys.every((key) => a[key] === b[key]);
}

/**
 * `holding` with `entered` as its entered values, each in its place (a value `entered` leaves out is
 * gone): a `HoldingUpdated` carries the whole entry.
 */
export function withEntered<T extends HoldingEntered>(holding: T, entered: HoldingEntered): T {
  const next: Partial<Record<keyof HoldingEntered, unknown>> = { ...holding };
  for (const key of enteredKeys) {
    if (entered[key] === undefined) delete next[key];
    else next[key] = entered[key];
  }
  return next as T;
}

const holdingAddedV1 = z.object({
  userId: z.uuid(),
  holdingId: z.uuid(),
  etfId: z.uuid(),
  ...holdingEntered.shape,
  addedAt: isoInstant,
  /** Where the holding comes from: absent or `manual` (added by the user), `brokerage` (a brokerage sync). */
  source: z.enum(['manual', 'brokerage']).optional(),
});

/** The longest account label a holding takes ("Roth IRA", "Schwab 5678"). */
export const ACCOUNT_LABEL_MAX = 40;

/**
 * Version 2 (issue 28, "a second account's positions kept apart"): `account`, the label of the
 * brokerage account a holdings import kept apart (docs/holdings-csv.md "Accounts"). Absent: no account
 * (added by hand, a sync, or an import merged into the user's holdings), as every version 1 event.
 * A holding's account never changes: the fund and the account are what an import finds it by.
 */
export const holdingAdded = defineEvent(
  'HoldingAdded',
  holdingAddedV1.extend({ account: z.string().min(1).max(ACCOUNT_LABEL_MAX).optional() }),
  { version: 2, legacy: [{ version: 1, schema: holdingAddedV1, upcast: (old: z.infer<typeof holdingAddedV1>) => old }] },
);

/**
 * A brokerage sync set a synced holding (source `brokerage`) to the brokerage's share count and
 * average cost. Holdings the user added by hand never get this event.
 */
export const holdingSynced = defineEvent(
  'HoldingSynced',
  z.object({
    userId: z.uuid(),
    holdingId: z.uuid(),
    etfId: z.uuid(),
    shares: decimalString,
    purchasePrice: decimalString.nullable(),
    source: z.literal('brokerage'),
    syncedAt: isoInstant,
  }),
);

/**
 * The user changed one of their own holdings (source manual), e.g. by a CSV import: the whole new
 * entered entry (`holdingEntered`). Holdings a brokerage sync owns never get this event.
 */
export const holdingUpdated = defineEvent(
  'HoldingUpdated',
  z.object({
    userId: z.uuid(),
    holdingId: z.uuid(),
    etfId: z.uuid(),
    ...holdingEntered.shape,
    updatedAt: isoInstant,
  }),
);

export const holdingRemoved = defineEvent(
  'HoldingRemoved',
  z.object({ userId: z.uuid(), holdingId: z.uuid(), etfId: z.uuid(), removedAt: isoInstant }),
);

export const portfolioEvents = [holdingAdded, holdingRemoved, holdingSynced, holdingUpdated] as const;

export type PortfolioEvent = EventsOf<typeof portfolioEvents>;
export type HoldingAdded = Extract<PortfolioEvent, { type: 'HoldingAdded' }>;
export type HoldingRemoved = Extract<PortfolioEvent, { type: 'HoldingRemoved' }>;
export type HoldingSynced = Extract<PortfolioEvent, { type: 'HoldingSynced' }>;
export type HoldingUpdated = Extract<PortfolioEvent, { type: 'HoldingUpdated' }>;

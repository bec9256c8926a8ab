import { z } from 'zod';
import { registerCache } from '../../domain/caches/registry.ts';
import { canonical, parseAmount } from '../../domain/market/decimal.ts';
import { isValidDate, type IsoDate } from '../../domain/market/trading-days.ts';
import { portfolioMessages } from './business-logic.ts';

/**
 * The body of `POST /api/user/portfolio` (rules and messages in docs/user-area.md, "Portfolio"):
 * {etfId, shares, purchasePrice (null or omitted), purchaseDate (null or omitted), isDrip 1/0}. Decimals arrive as numbers or strings
 * (`12.5`, `"12.5"`, `"1,000"`) and leave as canonical decimal strings; an empty price or date counts
 * as omitted. Missing required fields answer "Required" (validate() in the gateway).
 */

export const HOLDING_LIMITS = { maxShares: 1_000_000_000, maxPrice: 1_000_000 } as const;

export const holdingInputMessages = {
  ...portfolioMessages,
  etfIdText: 'ETF id must be text',
  sharesTooLarge: 'Must be at most 1,000,000,000',
  priceTooLarge: 'Purchase price must be at most 1,000,000',
  isDrip: 'Must be 1 or 0',
} as const;

const missing = (v: unknown) => v === undefined || v === null;

const shares = z.unknown().optional().transform((value, ctx) => {
  if (missing(value)) {
    ctx.addIssue({ code: 'custom', message: 'Required' });
    return z.NEVER;
  }
  const d = parseAmount(value);
  if (d === null || !d.gt(0)) {
    ctx.addIssue({ code: 'custom', message: holdingInputMessages.sharesPositive });
    return z.NEVER;
  }
  if (d.gt(HOLDING_LIMITS.maxShares)) {
    ctx.addIssue({ code: 'custom', message: holdingInputMessages.sharesTooLarge });
    return z.NEVER;
  }
  return canonical(d);
});

const purchasePrice = z.unknown().optional().transform((value, ctx): string | null => {
  if (missing(value) || (typeof value === 'string' && value.trim() === '')) return null;
  const d = parseAmount(value);
  if (d === null || !d.gt(0)) {
    ctx.addIssue({ code: 'custom', message: holdingInputMessages.pricePositive });
    return z.NEVER;
  }
  if (d.gt(HOLDING_LIMITS.maxPrice)) {
    ctx.addIssue({ code: 'custom', message: holdingInputMessages.priceTooLarge });
    return z.NEVER;
  }
  return canonical(d);
});

/** `YYYY-MM-DD`, or an ISO instant whose date part is taken (a date picker's `toISOString()`). */
const purchaseDate = (today: IsoDate) =>
  z.unknown().optional().transform((value, ctx): IsoDate | null => {
    if (missing(value) || (typeof value === 'string' && value.trim() === '')) return null;
    const text = typeof value === 'string' ? value.trim() : '';
    const date = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(text) ? text.slice(0, 10) : '';
    if (!isValidDate(date)) {
      ctx.addIssue({ code: 'custom', message: holdingInputMessages.dateInvalid });
      return z.NEVER;
    }
    if (date > today) {
      ctx.addIssue({ code: 'custom', message: holdingInputMessages.dateInFuture });
      return z.NEVER;
    }
    return date;
  });

const isDrip = z.unknown().optional().transform((value, ctx): boolean => {
  if (missing(value)) return false;
  if (value === 1 || value === true || value === '1' || value === 'true') return true;
  if (value === 0 || value === false || value === '0' || value === 'false') return false;
  ctx.addIssue({ code: 'custom', message: holdingInputMessages.isDrip });
  return z.NEVER;
});

/** The request schema as of `today` (America/New_York date of the request clock). */
export function holdingInputSchema(today: IsoDate) {
  return z.object({
    etfId: z.string({ error: holdingInputMessages.etfIdText }).trim().min(1, 'Required'),
    shares,
    purchasePrice,
    purchaseDate: purchaseDate(today),
    isDrip,
  });
}

/** The schema of the last date asked for: requests of one New York day share it. */
let todays: { date: IsoDate; schema: ReturnType<typeof holdingInputSchema> } | null = null;
registerCache({
  name: 'holding-input-schema',
  owner: 'services/portfolio/holding-input.ts',
  key: 'the New York date of the request (no purchase date after it)',
  bound: 'one (the last date asked for)',
  eviction: 'replaced when the date changes',
  coherence: 'the schema is a pure function of the date',
  clearable: true,
  clear: () => void (todays = null),
  size: () => (todays === null ? 0 : 1),
});

/** holdingInputSchema(today), made once a day. */
export function holdingInputFor(today: IsoDate): ReturnType<typeof holdingInputSchema> {
  if (todays?.date !== today) todays = { date: today, schema: holdingInputSchema(today) };
  return todays.schema;
}

/** The parsed body: what the addHolding command takes. */
export type HoldingInput = z.output<ReturnType<typeof holdingInputSchema>>;

import { strToU8, zip } from 'fflate';
import type { AlertSettings } from '../../contracts/alerts.ts';
import { EXPORT_FILES, EXPORT_PREMIUM_FILES, exportUserData, type ExportAccount, type ExportFavorite, type ExportSupportRequest } from '../../contracts/export.ts';
import type { IncomeGoalView, IncomeSeries, PayoutLedger } from '../../contracts/payouts.ts';
import type { TaxSummary } from '../../contracts/portfolio.ts';
import type { ApiToken } from '../../contracts/tokens.ts';
import type { Webhook } from '../../contracts/webhooks.ts';
import { addDays, newYorkDate, type IsoDate } from '../../domain/market/trading-days.ts';
import { alertSettingsOf } from '../../read-models/alerts/queries.ts';
import { favoritesOf } from '../../read-models/favorites/queries.ts';
import { buildLedger } from '../../read-models/portfolio/payout-ledger.ts';
import { incomeSeriesView, ledgerInput } from '../../read-models/portfolio/payout-queries.ts';
import { supportRequestsOf } from '../../read-models/support/queries.ts';
import type { UserDoc } from '../../read-models/users/projection.ts';
import { hasPremiumRights, shownSubscription } from '../billing/premium.ts';
import { csvField } from '../http/csv.ts';
import { apiModule, handle, SENT } from '../http/endpoints.ts';
import { incomeToCsv } from '../payouts/income-csv.ts';
import { holdingsForExport } from '../portfolio/commands.ts';
import { holdingsToCsv } from '../portfolio/holdings-csv.ts';
import { taxSummaryToCsv } from '../portfolio/tax-summary-csv.ts';
import { apiTokensOf } from '../tokens/api.ts';
import { webhooksListOf } from '../webhooks/api.ts';

/**
 * `GET /api/user/export` (issue 29; contracts/export.ts; docs/accounts-and-security.md "Your data"): the
 * signed-in user's data as one zip of CSV and JSON files. Each file is the same answer the screen's own
 * endpoint gives (the holdings CSV of `export.csv`, the portfolio of `GET /api/user/portfolio`, the
 * ledger rows of `GET /api/user/payouts`, the income of `GET /api/user/income?by=month`, the summary of
 * `GET /api/user/tax-summary`), built by the same functions from the same read models, so the figures
 * agree to the cent. Kept in its own file: the account's deletion lives beside it in this module.
 */

/** The first pay date the all-time ledger looks from: before any fund of the catalog paid. */
const LEDGER_FLOOR: IsoDate = '1900-01-01';
/** Ahead of today the ledger shows what `GET /api/user/payouts` shows by default (35 days). */
const LEDGER_DAYS_AHEAD = 35;

/** What the export is made of (read once, at one moment). */
export interface ExportData {
  account: ExportAccount;
  premium: boolean;
  holdingsCsv: string;
  /** `GET /api/user/portfolio`'s JSON, as sent. */
  holdingsJson: string;
  favorites: ExportFavorite[];
  alerts: AlertSettings;
  incomeGoal: IncomeGoalView['goal'];
  payouts: PayoutLedger;
  supportRequests: ExportSupportRequest[];
  /** `GET /api/user/tokens` and `GET /api/user/webhooks`, as listed (no secret in either). */
  apiTokens: ApiToken[];
  webhooks: Webhook[];
  /** Premium only (null otherwise). */
  incomeByMonth: IncomeSeries | null;
  taxSummary: TaxSummary | null;
}

// ---------------------------------------------------------------------------------------------------
// The files

/** A CSV cell: a plain number as it is (a negative amount stays a number), anything else made safe. */
function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /^-?\d+(\.\d+)?$/.test(text) ? text : csvField(text);
}

function csv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  return [header.map(cell).join(','), ...rows.map((r) => r.map(cell).join(','))].map((l) => `${l}\r\n`).join('');
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export const PAYOUTS_CSV_COLUMNS = [
  'Pay Date',
  'Ex Date',
  'Ticker',
  'Kind',
  'Status',
  'Entitled Shares',
  'Amount Per Share',
  'Expected',
  'Received',
  'Confirmed By',
  'Marked At',
  'Brokerage Synced',
  'Holding Id',
  'ETF Id',
] as const;

function readme(data: ExportData): string {
  const premiumFiles = data.premium
    ? `income-by-month.json / .csv
  Premium. Your income per month, the same as the Income page and GET /api/user/income?by=month:
  received, paid but not confirmed, still expected and missing, per month and fund, with totals.

tax-summary.json / .csv
  Premium. Every tax year with a payment: the distributions you received per fund, split into
  income and return of capital (final, estimated or not published). The CSV is the one the Tax-year
  summary page downloads, for every year. Not tax advice: the disclaimer is on the file's first line.
`
    : `income-by-month and tax-summary
  Not included: the income report and the tax-year summary are Premium reports, made from the payouts
  in payouts.csv. With Premium they are added to this download.
`;
  return `WeeklyDiv: your data
Exported ${data.account.exportedAt} (market date ${data.account.exportDate}, New York) for ${data.account.email}.

Every file is UTF-8. Amounts are in US dollars with a dot for decimals; dates are YYYY-MM-DD and
times ISO 8601 in UTC. The JSON files hold the same data as the CSV files, with every field.

account.json / .csv
  Your name, e-mail address, whether it is verified, your plan and subscription status, and when
  the account was created. Payment details are kept by Stripe, never by WeeklyDiv.

holdings.csv
  Your holdings as you entered them (ticker, shares, purchase price, purchase date, DRIP), the same
  file as "Export CSV" in My WeeklyDiv. Import it again with "Import CSV".

holdings.json
  Your holdings with their figures as My WeeklyDiv shows them today (value, gain, income received,
  return of capital, projected income).

favorites.json / .csv
  Your favorite ETFs and when you added each.

alerts.json / .csv
  Your payout alert settings.

income-goal.json
  Your income goal (an amount a week or a month), or null when you set none.

payouts.json / .csv
  Every payout of your holdings from the first one to ${data.payouts.to} (${LEDGER_DAYS_AHEAD} days ahead, as the payout
  calendar shows): its state (projected, declared, entitled, paid, received, short, missing), the
  shares entitled, the amount per share, what was expected and what arrived, and whether your
  brokerage or you confirmed it.

broker-records-unmatched.csv
  Dividend records your brokerage reported that match none of your payouts (empty without a
  brokerage connection).

support-requests.json / .csv
  The requests you sent to support, and when each was answered.

api-tokens.json / .csv
  Your personal API tokens that are not revoked: name, when each was created, when it expires and
  was last used, and whether it has expired. Never a token's secret: WeeklyDiv keeps only a hash.

webhooks.json / .csv
  Your webhook endpoints and the events each receives, with their latest deliveries in the JSON
  file. Never an endpoint's signing secret.

${premiumFiles}
Not included: your private calendar link. It is a key: anyone who has it can read your payout
calendar, so it stays in My WeeklyDiv (Subscribe to calendar), where you can also replace it.
Your password is never stored in readable form and is not included either.
`;
}

/** The files of the zip, by name (contracts/export.ts EXPORT_FILES, then the Premium reports). */
export function exportFiles(data: ExportData): Record<string, string> {
  const a = data.account;
  const files: Record<string, string> = {
    'README.txt': readme(data),
    'account.json': json(a),
    'account.csv': csv(
      ['Field', 'Value'],
      [
        ['First Name', a.firstName],
        ['Last Name', a.lastName],
        ['Email', a.email],
        ['Email Verified', a.emailVerified],
        ['Plan', a.plan],
        ['Subscription Status', a.subscriptionStatus],
        ['Created At', a.createdAt],
        ['Exported At', a.exportedAt],
        ['Account Id', a.id],
      ],
    ),
    'holdings.csv': data.holdingsCsv,
    'holdings.json': `${data.holdingsJson}\n`,
    'favorites.json': json(data.favorites),
    'favorites.csv': csv(
      ['Ticker', 'Name', 'Added At', 'ETF Id'],
      data.favorites.map((f) => [f.ticker, f.name, f.addedAt, f.etfId]),
    ),
    'alerts.json': json(data.alerts),
    'alerts.csv': csv(
      ['Setting', 'Value'],
      [
        ['Distribution Change Alerts', data.alerts.distributionChangeAlerts],
        ['Distribution Change Percent', data.alerts.distributionChangePercent],
        ['Ex-Date Reminder', data.alerts.exDateReminder],
      ],
    ),
    'income-goal.json': json(data.incomeGoal),
    'payouts.json': json(data.payouts),
    'payouts.csv': csv(
      PAYOUTS_CSV_COLUMNS,
      data.payouts.payouts.map((p) => [
        p.payDate,
        p.exDate,
        p.ticker,
        p.kind,
        p.status,
        p.entitledShares,
        p.amountPerShare,
        p.expected,
        p.received,
        p.match?.source ?? null,
        p.match?.source === 'user' ? p.match.markedAt : null,
        p.brokerageSynced,
        p.holdingId,
        p.etfId,
      ]),
    ),
    'broker-records-unmatched.csv': csv(
      ['Date', 'Symbol', 'Type', 'Amount', 'Units', 'Price', 'Account Id', 'Record Id'],
      data.payouts.unmatched.map((r) => [r.date, r.symbol, r.type, r.amount, r.units, r.price, r.accountId, r.id]),
    ),
    'support-requests.json': json(data.supportRequests),
    'support-requests.csv': csv(
      ['Requested At', 'Subject', 'Message', 'Priority', 'Answered At', 'Request Id'],
      data.supportRequests.map((r) => [r.requestedAt, r.subject, r.message, r.priority, r.answeredAt, r.id]),
    ),
    'api-tokens.json': json(data.apiTokens),
    'api-tokens.csv': csv(
      ['Name', 'Created At', 'Expires At', 'Last Used At', 'Expired', 'Token Id'],
      data.apiTokens.map((t) => [t.name, t.createdAt, t.expiresAt, t.lastUsedAt, t.expired, t.id]),
    ),
    'webhooks.json': json(data.webhooks),
    'webhooks.csv': csv(
      ['URL', 'Events', 'Created At', 'Deliveries Listed', 'Webhook Id'],
      data.webhooks.map((w) => [w.url, w.events.join(' '), w.createdAt, w.deliveries.length, w.id]),
    ),
  };
  if (data.incomeByMonth && data.taxSummary) {
    files['income-by-month.json'] = json(data.incomeByMonth);
    files['income-by-month.csv'] = incomeToCsv(data.incomeByMonth);
    files['tax-summary.json'] = json(data.taxSummary);
    files['tax-summary.csv'] = taxSummaryToCsv(data.taxSummary);
  }
  const expected: readonly string[] = data.premium ? [...EXPORT_FILES, ...EXPORT_PREMIUM_FILES] : EXPORT_FILES;
  if (Object.keys(files).join() !== expected.join()) throw new Error(`export files ${Object.keys(files).join()} are not the declared ${expected.join()}`);
  return files;
}

/**
 * The zip: every file deflated, dated at the export. fflate's asynchronous `zip` deflates in worker
 * threads: 6,240 payout rows (60 holdings, two years weekly) took 300-460 ms with `zipSync` on the
 * event loop, and held it no longer than 43 ms this way (the workers' start).
 */
export function exportZip(files: Record<string, string>, at: Date): Promise<Uint8Array> {
  const data = Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]));
  return new Promise((resolve, reject) => {
    zip(data, { level: 6, mtime: at }, (error, zipped) => (error ? reject(error) : resolve(zipped)));
  });
}

export const exportFileName = (marketDate: IsoDate) => `weeklydiv-export-${marketDate}.zip`;

// ---------------------------------------------------------------------------------------------------
// The route

export const accountExportApi = apiModule('accounts', (deps) => {
  const { readModels } = deps;

  async function read(user: UserDoc, now: Date): Promise<ExportData> {
    const today = newYorkDate(now.getTime());
    const premium = hasPremiumRights(user, now);
    const [holdingsRows, portfolio, favorites, items, alerts, ledger, support, taxSummary, apiTokens, webhooks] = await Promise.all([
      holdingsForExport(readModels, user._id),
      deps.userArea.portfolioAnswer(user._id, today),
      favoritesOf(readModels, user._id),
      deps.marketSnapshots.now().then((s) => s.items()),
      alertSettingsOf(readModels, user._id),
      ledgerInput(readModels, deps.marketSnapshots, user._id, today),
      supportRequestsOf(readModels, user._id),
      premium ? deps.userArea.taxSummary(user._id, today, null) : Promise.resolve(null),
      apiTokensOf(deps, user._id),
      webhooksListOf(readModels, user._id),
    ]);
    const marketToday = ledger.market.today;
    const to = addDays(marketToday, LEDGER_DAYS_AHEAD);
    const { payouts, unmatched } = buildLedger(ledger, LEDGER_FLOOR, to);
    return {
      account: {
        id: user._id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        emailVerified: user.emailVerified === true,
        plan: premium ? 'premium' : 'free',
        // as GET /api/user says it: of the subscription that gives Premium now, else the newest
        subscriptionStatus: shownSubscription(user, now)?.status ?? null,
        createdAt: user.registeredAt,
        exportedAt: now.toISOString(),
        exportDate: today,
      },
      premium,
      holdingsCsv: holdingsToCsv(holdingsRows),
      holdingsJson: portfolio.body.toString('utf8'),
      favorites: favorites.map((f) => {
        const item = items.get(f.etfId);
        return { id: f.id, etfId: f.etfId, ticker: item?.ticker ?? null, name: item?.name ?? null, addedAt: f.addedAt };
      }),
      alerts,
      incomeGoal: ledger.payouts?.goal ?? null,
      // from the first payout (the market date when there is none) to the ledger's default horizon
      payouts: { asOf: marketToday, from: payouts[0]?.payDate ?? marketToday, to, payouts, unmatched },
      supportRequests: support.map((r) => ({ id: r._id, subject: r.subject, message: r.message, priority: r.priority, requestedAt: r.requestedAt, answeredAt: r.answeredAt })),
      apiTokens,
      webhooks,
      incomeByMonth: premium ? incomeSeriesView(ledger, 'month') : null,
      taxSummary,
    };
  }

  return [
    handle(exportUserData, async (_input, call) => {
      const now = deps.now();
      const data = await read(call.auth.user, now);
      const zipped = await exportZip(exportFiles(data), now);
      call.res.setHeader('Content-Type', 'application/zip');
      call.res.setHeader('Content-Disposition', `attachment; filename="${exportFileName(data.account.exportDate)}"`);
      call.res.setHeader('Cache-Control', 'no-store');
      call.res.setHeader('Content-Length', zipped.byteLength);
      call.res.end(Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength));
      return SENT;
    }),
  ];
});

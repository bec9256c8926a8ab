import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/**
 * The signed-in user's data export (issue 29, docs/accounts-and-security.md "Your data"): one zip of
 * CSV and JSON files with a README.txt. Every signed-in user's (it is their data); the two ready-made
 * Premium reports in it (the tax-year summary and the income by month) only while the user has Premium
 * (docs/billing.md "What Premium gives"). Handled by services/accounts/export.ts.
 */

/** The files of the zip, in order; the Premium reports are left out of a free user's zip. */
export const EXPORT_FILES = [
  'README.txt',
  'account.json',
  'account.csv',
  'holdings.csv',
  'holdings.json',
  'favorites.json',
  'favorites.csv',
  'alerts.json',
  'alerts.csv',
  'income-goal.json',
  'payouts.json',
  'payouts.csv',
  'broker-records-unmatched.csv',
  'support-requests.json',
  'support-requests.csv',
  'api-tokens.json',
  'api-tokens.csv',
  'webhooks.json',
  'webhooks.csv',
] as const;

/** Added for a user with Premium rights at the moment of the export. */
export const EXPORT_PREMIUM_FILES = ['income-by-month.json', 'income-by-month.csv', 'tax-summary.json', 'tax-summary.csv'] as const;

/** `account.json`. */
export const ExportAccount = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** The plan the user has rights to at the export (`GET /api/user`'s subscriptionTier). */
  plan: z.enum(['free', 'premium']),
  subscriptionStatus: z.string().nullable(),
  /** When the account was created (ISO instant). */
  createdAt: z.string(),
  /** When this export was made (ISO instant) and the New York market date of its file name. */
  exportedAt: z.string(),
  exportDate: z.string(),
});
export type ExportAccount = z.infer<typeof ExportAccount>;

/** One row of `favorites.json`. */
export const ExportFavorite = z.object({ id: z.string(), etfId: z.string(), ticker: z.string().nullable(), name: z.string().nullable(), addedAt: z.string() });
export type ExportFavorite = z.infer<typeof ExportFavorite>;

/** One row of `support-requests.json`. */
export const ExportSupportRequest = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  priority: z.boolean(),
  requestedAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type ExportSupportRequest = z.infer<typeof ExportSupportRequest>;

export const exportUserData = endpoint({
  method: 'get',
  path: '/api/user/export',
  access: 'user',
  summary: "All of the signed-in user's data as a zip of CSV and JSON files with a README.txt (account, holdings, favorites, alerts, payouts, support requests; the Premium reports for Premium users).",
  description: 'Files and what each holds: docs/accounts-and-security.md "Your data". The private calendar link is left out (it is a key: see the README).',
  tags: ['Accounts'],
  responses: {
    200: {
      description: 'The zip (attachment `weeklydiv-export-YYYY-MM-DD.zip`, the New York market date).',
      content: { 'application/zip': z.string().describe('binary') },
      headers: { 'Content-Disposition': '`attachment; filename="weeklydiv-export-YYYY-MM-DD.zip"`' },
    },
  },
  errors: [],
  reads: ['users', 'portfolio', 'catalog-index', 'payouts', 'market', 'favorites', 'alerts', 'support'],
});

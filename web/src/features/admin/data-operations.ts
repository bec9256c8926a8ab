import type { JobJson } from '../../../../contracts/jobs.ts';
import type { DataOperation } from './api.ts';

/** The Data Sync tab's operations: label, what it does, the spec's toasts (admin spec §2, §8). */
export interface DataOperationText {
  operation: DataOperation;
  label: string;
  description: string;
  /** The toast once the server accepted it. */
  started: { title: string; description: string; duration?: number };
  /** The "Error" toast's text when the server gave no message. */
  fallback: string;
}

/** The initialization toast stays 10 s (spec §9). */
export const INITIALIZATION_TOAST_MS = 10_000;

export const DATA_OPERATION_TEXTS: readonly DataOperationText[] = [
  {
    operation: 'initialize-production',
    label: 'Initialize Production Data',
    description: 'Loads the ETF list, two years of prices and dividends, yields and news. Takes 10-15 minutes; hourly updates run automatically after setup.',
    started: {
      title: 'Initialization Started',
      description: 'This will take 10-15 minutes. ETFs, prices, dividends, yields, and news will be populated. Refresh the page in 15 minutes.',
      duration: INITIALIZATION_TOAST_MS,
    },
    fallback: 'Failed to start initialization',
  },
  {
    operation: 'update-prices',
    label: 'Update Prices',
    description: 'Fetches the latest prices of every fund from the market data provider.',
    started: { title: 'Price Sync Started', description: 'Price sync started. It may take a few minutes.' },
    fallback: 'Failed to sync prices. Check if Alpaca API keys are set.',
  },
  {
    operation: 'sync-dividends',
    label: 'Sync Dividends',
    description: 'Fetches declared distributions of every fund. Takes 5-10 minutes.',
    started: { title: 'Dividend Sync Started', description: 'Dividend sync started. It may take a few minutes.' },
    fallback: 'Failed to sync dividends',
  },
  {
    operation: 'recalculate-yields',
    label: 'Recalculate Yields',
    description: 'Recomputes yields, weekly averages and returns from the stored prices and distributions.',
    started: { title: 'Yield Calculation Started', description: 'Yield calculation started. It may take a few minutes.' },
    fallback: 'Failed to calculate yields',
  },
  {
    operation: 'clear-cache',
    label: 'Clear Cache',
    description: 'Drops cached answers so the next request reads fresh data.',
    started: { title: 'Cache Cleared', description: 'Cache cleared successfully. Fresh data will load on next request.' },
    fallback: 'Failed to clear cache',
  },
];

/** Job names as the list shows them (the data operations, and the scheduled jobs). */
export const JOB_LABELS: Record<JobJson['name'], string> = {
  'initialize-production': 'Initialize production data',
  'update-prices': 'Update prices',
  'sync-dividends': 'Sync dividends',
  'recalculate-yields': 'Recalculate yields',
  'clear-cache': 'Clear cache',
  'begin-market-day': 'Begin market day',
  'ingest-news': 'Ingest news',
  'sync-brokerage': 'Brokerage sync',
  'refresh-premium-quotes': 'Premium live quotes',
  'send-ex-date-reminders': 'Ex-date reminders',
  'ingest-declarations': 'Issuer declarations',
};

export const JOB_STATUS_LABELS: Record<JobJson['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** Whether a run is still under way (the list polls only then). */
export function isActive(job: Pick<JobJson, 'status'>): boolean {
  return job.status === 'queued' || job.status === 'running';
}

/** How often the job list is read again while a run is queued or running. */
export const JOB_POLL_MS = 2_000;

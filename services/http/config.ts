import { hkdfSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

/** Default idle timeout of a session (SESSION_IDLE_MINUTES): docs/accounts-and-security.md explains the value. */
export const SESSION_IDLE_MINUTES = 60;

/**
 * The fixed secret earlier versions used when SESSION_SECRET was unset. It is public (it is in the
 * repository), so it is refused everywhere it could still be set on purpose in production; without
 * SESSION_SECRET a random secret is made per start instead (security audit L6).
 */
const DEV_SESSION_SECRET = 'weeklydiv-development-session-secret-not-for-production';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/**
 * NEWS_FEEDS: comma-separated http(s) URLs (docs/news.md), trimmed, empty entries and repeats dropped.
 * Only a comma before the next address's scheme separates, so a URL may hold commas (`?s=NVDW,MSTY`).
 */
const feedList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? [
          ...new Set(
            v
              .split(/,(?=\s*(?:[a-z][a-z0-9+.-]*:|,|$))/i)
              .map((u) => u.trim())
              .filter((u) => u !== ''),
          ),
        ]
      : undefined,
  z
    .array(
      z.string().refine((u) => {
        try {
          return ['http:', 'https:'].includes(new URL(u).protocol);
        } catch {
          return false;
        }
      }, 'every entry must be an http(s) URL'),
    )
    .optional(),
);
const bool = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(String(v).toLowerCase())),
  z.boolean().optional(),
);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    ROLE: z.enum(['all', 'gateway', 'worker']).default('all'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    APP_URL: optionalUrl,
    DATA_DIR: z.string().default('./data'),
    /**
     * Readiness turns degraded below this much free space on DATA_DIR's file system (embedded event log):
     * 8 MB holds the largest single write (a 5 MiB image) and SQLite's WAL between checkpoints (~4 MiB).
     */
    DATA_DIR_MIN_FREE_MB: z.coerce.number().min(0).max(1_000_000_000).default(8),
    EVENTSTORE_URL: optionalString,
    MONGODB_URL: optionalString,
    MONGODB_DB: z.string().default('weeklydiv'),
    /**
     * Without MONGODB_URL: where the read models live. `sqlite` (default): `<DATA_DIR>/read-models.sqlite`,
     * kept across restarts; `memory`: in the process, rebuilt from the log at every start (docs/scaling.md).
     */
    READ_MODEL_STORE: z.enum(['sqlite', 'memory']).default('sqlite'),
    SESSION_SECRET: optionalString,
    SESSION_TTL_HOURS: z.coerce.number().positive().max(12).default(12),
    /** A session ends after this many minutes without a request (docs/accounts-and-security.md). */
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(720).default(SESSION_IDLE_MINUTES),
    /** Per-client limits (docs/accounts-and-security.md "Per-client limits"). */
    SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(20),
    FORGOT_PASSWORD_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(20),
    VERIFICATION_MAIL_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(20),
    /** scrypt cost as log2(N); OWASP recommends 17 (N=2^17, r=8, p=1). Tests lower it for speed. */
    PASSWORD_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
    /** The built client (vite build output). */
    WEB_DIST_DIR: optionalString,
    ADMIN_EMAIL: optionalString,
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().default('WeeklyDiv <no-reply@weeklydiv.local>'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool,
    DEMO_DATA: bool,
    ALPACA_KEY_ID: optionalString,
    ALPACA_SECRET_KEY: optionalString,
    ALPACA_DATA_URL: z.url().default('https://data.alpaca.markets'),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_ID: optionalString,
    STRIPE_API_URL: optionalUrl,
    SNAPTRADE_CLIENT_ID: optionalString,
    SNAPTRADE_CONSUMER_KEY: optionalString,
    NEWS_FEEDS: feedList,
    /** The issuers' announcement feeds replacing the built-in list of ingest-declarations (docs/declarations.md). */
    ISSUER_FEEDS: feedList,
    /** How often ingest-declarations polls the issuers' feeds, in seconds. */
    ISSUER_POLL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
    /**
     * When the scheduled polls run: `business-hours` (07:00 to 20:00 New York time on NYSE business days,
     * when issuers publish) or `always` (a bench, a test, a private deployment that wants every hour).
     */
    ISSUER_POLL_WINDOW: z.enum(['business-hours', 'always']).default('business-hours'),
    /** Let feed fetches reach loopback and private addresses (tests, private deployments); refused in production. */
    FEEDS_ALLOW_PRIVATE: bool,
    /** Let webhooks go to http:// and to loopback and private addresses (tests, private deployments); refused in production. */
    WEBHOOKS_ALLOW_PRIVATE: bool,
    /** Another base URL for the SnapTrade SDK (its `basePath`); unset: the SDK's own (https://api.snaptrade.com). */
    SNAPTRADE_API_URL: optionalUrl,
    /** How long one SnapTrade call may take before the request answers 502. */
    SNAPTRADE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /** 32 bytes (64 hex characters or base64) encrypting SnapTrade's user secrets at rest (AES-256-GCM). */
    BROKERAGE_SECRET_KEY: optionalString,
    /** Live updates (docs/live-updates.md): a comment on every open stream this often, so proxies keep it open. */
    LIVE_HEARTBEAT_MS: z.coerce.number().int().min(50).max(300_000).default(25_000),
    /** Open live streams per user (one per tab) and in total per gateway process. */
    LIVE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
    LIVE_MAX_STREAMS: z.coerce.number().int().min(1).max(100_000).default(2000),
    /** A resumed stream that missed changes to more market views than this gets `resync` instead of the list. */
    LIVE_MAX_CATCH_UP_VIEWS: z.coerce.number().int().min(1).max(100_000).default(500),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    // SMTP_URL: without it mail (reset links) would go to the outbox file, never where a user reads it (audit M1).
    const required: (keyof typeof env)[] = ['SESSION_SECRET', 'ADMIN_EMAIL', 'APP_URL', 'SMTP_URL'];
    for (const key of required) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required in production` });
    }
    if (env.PASSWORD_SCRYPT_LOG_N < 17) {
      ctx.addIssue({ code: 'custom', path: ['PASSWORD_SCRYPT_LOG_N'], message: 'PASSWORD_SCRYPT_LOG_N must be at least 17 in production' });
    }
    if (env.SESSION_SECRET === DEV_SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'the development secret cannot be used in production' });
    }
    if (env.SNAPTRADE_CLIENT_ID && env.SNAPTRADE_CONSUMER_KEY && !env.BROKERAGE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['BROKERAGE_SECRET_KEY'], message: 'BROKERAGE_SECRET_KEY is required in production when SnapTrade is configured' });
    }
    if (env.FEEDS_ALLOW_PRIVATE) {
      // a feed host could then send the server to internal addresses (security audit S7)
      ctx.addIssue({ code: 'custom', path: ['FEEDS_ALLOW_PRIVATE'], message: 'FEEDS_ALLOW_PRIVATE cannot be used in production' });
    }
    if (env.WEBHOOKS_ALLOW_PRIVATE) {
      // a user's webhook could then send the server to internal addresses (issue 31)
      ctx.addIssue({ code: 'custom', path: ['WEBHOOKS_ALLOW_PRIVATE'], message: 'WEBHOOKS_ALLOW_PRIVATE cannot be used in production' });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY' });
    }
  })
  .superRefine((env, ctx) => {
    if (env.SESSION_SECRET && env.SESSION_SECRET.length < 32) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'SESSION_SECRET must be at least 32 characters' });
    }
    if (env.BROKERAGE_SECRET_KEY && parseSecretKey(env.BROKERAGE_SECRET_KEY) === null) {
      ctx.addIssue({ code: 'custom', path: ['BROKERAGE_SECRET_KEY'], message: 'BROKERAGE_SECRET_KEY must be 32 bytes: 64 hex characters or 44 base64 characters' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  production: boolean;
  role: Env['ROLE'];
  host: string;
  port: number;
  appUrl: string;
  dataDir: string;
  /** DATA_DIR_MIN_FREE_MB in bytes: below it, with the embedded event log, readiness is degraded. */
  dataDirMinFreeBytes: number;
  eventStoreUrl: string | undefined;
  mongoUrl: string | undefined;
  mongoDb: string;
  /** The embedded read-model store when MONGODB_URL is not set. */
  readModelStore: Env['READ_MODEL_STORE'];
  session: { secret: string; ttlSeconds: number; idleSeconds: number; secure: boolean };
  /** Requests per client address per hour. */
  clientLimits: { registerPerHour: number; forgotPasswordPerHour: number; verificationMailPerHour: number };
  /** scrypt cost for new password hashes (log2 of N). */
  passwordScryptLogN: number;
  /** Directory of the built client (index.html and hashed assets). */
  webDistDir: string;
  adminEmail: string;
  mail: { smtpUrl: string | undefined; from: string; outboxFile: string };
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  demoData: boolean;
  alpaca: { keyId: string; secretKey: string; dataUrl: string } | undefined;
  stripe: { secretKey: string; webhookSecret: string | undefined; priceId: string | undefined; apiUrl: string | undefined } | undefined;
  /** NEWS_FEEDS: the news feeds replacing the built-in list (services/news/feeds.ts); undefined: the built-in list. */
  newsFeeds: string[] | undefined;
  /** FEEDS_ALLOW_PRIVATE: feed fetches may reach loopback and private addresses (never in production). */
  feedsAllowPrivate: boolean;
  /** WEBHOOKS_ALLOW_PRIVATE: webhooks may go to http:// and non-public addresses (never in production; docs/open-data.md). */
  webhooksAllowPrivate: boolean;
  /**
   * ingest-declarations (docs/declarations.md): ISSUER_FEEDS replacing the built-in list
   * (services/declarations/feeds.ts; undefined: the built-in list), the poll interval and its window.
   */
  issuerFeeds: string[] | undefined;
  issuerPoll: { seconds: number; window: Env['ISSUER_POLL_WINDOW'] };
  /**
   * SnapTrade (Premium brokerage sync), on when client id and consumer key are set. `apiUrl`: the SDK's
   * basePath (undefined: the SDK's own); `secretKey`: the AES-256-GCM key for users' SnapTrade secrets.
   */
  snaptrade: { clientId: string; consumerKey: string; apiUrl: string | undefined; timeoutMs: number; secretKey: Buffer } | undefined;
  /** Live updates (docs/live-updates.md): heartbeat interval and stream caps. */
  live: { heartbeatMs: number; maxStreamsPerUser: number; maxStreams: number; maxCatchUpViews: number };
  /** Human-readable notes about defaults in use, printed at start-up. */
  notes: string[];
}

export class ConfigError extends Error {}

/** 32 bytes from 64 hex characters or base64 (url-safe or not), else null. */
function parseSecretKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** Parses the environment once. Throws ConfigError listing every problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const notes: string[] = [];
  const dataDir = path.resolve(env.DATA_DIR);
  if (!env.EVENTSTORE_URL) notes.push(`event log: embedded SQLite in ${dataDir}`);
  if (!env.MONGODB_URL) {
    notes.push(
      env.READ_MODEL_STORE === 'sqlite'
        ? `read models: embedded SQLite in ${path.join(dataDir, 'read-models.sqlite')} (kept across restarts; caught up from their checkpoints at start)`
        : 'read models: in process memory (READ_MODEL_STORE=memory: rebuilt from the log at every start)',
    );
  }
  if (!env.SESSION_SECRET) notes.push('SESSION_SECRET not set: a random secret for this start, so sessions end at restart');
  const adminEmail = (env.ADMIN_EMAIL ?? 'owner@weeklydiv.local').trim().toLowerCase();
  if (!env.ADMIN_EMAIL) notes.push(`ADMIN_EMAIL not set: the owner account is ${adminEmail}`);
  if (!env.SMTP_URL) notes.push(`SMTP_URL not set: mail goes to ${path.join(dataDir, 'outbox.jsonl')} (the log names recipient and subject only)`);
  const alpaca =
    env.ALPACA_KEY_ID && env.ALPACA_SECRET_KEY
      ? { keyId: env.ALPACA_KEY_ID, secretKey: env.ALPACA_SECRET_KEY, dataUrl: env.ALPACA_DATA_URL }
      : undefined;
  const demoData = env.DEMO_DATA ?? !alpaca;
  if (demoData) notes.push('market data: deterministic demo data (set ALPACA_KEY_ID and ALPACA_SECRET_KEY for real data)');
  let snaptrade: Config['snaptrade'];
  if (env.SNAPTRADE_CLIENT_ID && env.SNAPTRADE_CONSUMER_KEY) {
    let secretKey = env.BROKERAGE_SECRET_KEY ? parseSecretKey(env.BROKERAGE_SECRET_KEY) : null;
    if (!secretKey) {
      // Outside production only (production requires the key): derived from the consumer key, so it is
      // stable across restarts, but anyone holding the consumer key could derive it.
      secretKey = Buffer.from(hkdfSync('sha256', env.SNAPTRADE_CONSUMER_KEY, 'weeklydiv', 'brokerage-user-secret', 32));
      notes.push('BROKERAGE_SECRET_KEY not set: SnapTrade user secrets are encrypted with a key derived from SNAPTRADE_CONSUMER_KEY (set the key in production)');
    }
    snaptrade = { clientId: env.SNAPTRADE_CLIENT_ID, consumerKey: env.SNAPTRADE_CONSUMER_KEY, apiUrl: env.SNAPTRADE_API_URL, timeoutMs: env.SNAPTRADE_TIMEOUT_MS, secretKey };
  } else {
    notes.push('SNAPTRADE_CLIENT_ID / SNAPTRADE_CONSUMER_KEY not set: brokerage sync is off (the personal area says it is not available yet)');
  }
  if (!env.STRIPE_SECRET_KEY) notes.push('STRIPE_SECRET_KEY not set: Premium cannot be bought (the pricing page says it is not available yet)');
  const port = env.PORT;
  return {
    env: env.NODE_ENV,
    production,
    role: env.ROLE,
    host: env.HOST,
    port,
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    dataDirMinFreeBytes: Math.round(env.DATA_DIR_MIN_FREE_MB * 1024 * 1024),
    eventStoreUrl: env.EVENTSTORE_URL,
    mongoUrl: env.MONGODB_URL,
    mongoDb: env.MONGODB_DB,
    readModelStore: env.READ_MODEL_STORE,
    session: {
      // No fixed fallback: a cookie sealed with a published secret could be minted offline (audit L6).
      secret: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
      ttlSeconds: Math.round(env.SESSION_TTL_HOURS * 3600),
      idleSeconds: env.SESSION_IDLE_MINUTES * 60,
      secure: production,
    },
    clientLimits: {
      registerPerHour: env.SIGNUP_LIMIT_PER_HOUR,
      forgotPasswordPerHour: env.FORGOT_PASSWORD_LIMIT_PER_HOUR,
      verificationMailPerHour: env.VERIFICATION_MAIL_LIMIT_PER_HOUR,
    },
    passwordScryptLogN: env.PASSWORD_SCRYPT_LOG_N,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    adminEmail,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxFile: path.join(dataDir, 'outbox.jsonl') },
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY ?? false,
    demoData,
    alpaca,
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, priceId: env.STRIPE_PRICE_ID, apiUrl: env.STRIPE_API_URL }
      : undefined,
    snaptrade,
    newsFeeds: env.NEWS_FEEDS && env.NEWS_FEEDS.length > 0 ? env.NEWS_FEEDS : undefined,
    feedsAllowPrivate: env.FEEDS_ALLOW_PRIVATE ?? false,
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE ?? false,
    issuerFeeds: env.ISSUER_FEEDS && env.ISSUER_FEEDS.length > 0 ? env.ISSUER_FEEDS : undefined,
    issuerPoll: { seconds: env.ISSUER_POLL_SECONDS, window: env.ISSUER_POLL_WINDOW },
    live: { heartbeatMs: env.LIVE_HEARTBEAT_MS, maxStreamsPerUser: env.LIVE_MAX_STREAMS_PER_USER, maxStreams: env.LIVE_MAX_STREAMS, maxCatchUpViews: env.LIVE_MAX_CATCH_UP_VIEWS },
    notes,
  };
}

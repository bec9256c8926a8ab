import { randomBytes } from 'node:crypto';
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
    EVENTSTORE_URL: optionalString,
    MONGODB_URL: optionalString,
    MONGODB_DB: z.string().default('weeklydiv'),
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
    SNAPTRADE_API_URL: z.url().default('https://api.snaptrade.com/api/v1'),
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
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY' });
    }
  })
  .superRefine((env, ctx) => {
    if (env.SESSION_SECRET && env.SESSION_SECRET.length < 32) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'SESSION_SECRET must be at least 32 characters' });
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
  eventStoreUrl: string | undefined;
  mongoUrl: string | undefined;
  mongoDb: string;
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
  snaptrade: { clientId: string; consumerKey: string; apiUrl: string } | undefined;
  /** Human-readable notes about defaults in use, printed at start-up. */
  notes: string[];
}

export class ConfigError extends Error {}

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
  if (!env.MONGODB_URL) notes.push('read models: embedded, in process (rebuilt from the log at start)');
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
  const port = env.PORT;
  return {
    env: env.NODE_ENV,
    production,
    role: env.ROLE,
    host: env.HOST,
    port,
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    eventStoreUrl: env.EVENTSTORE_URL,
    mongoUrl: env.MONGODB_URL,
    mongoDb: env.MONGODB_DB,
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
    snaptrade:
      env.SNAPTRADE_CLIENT_ID && env.SNAPTRADE_CONSUMER_KEY
        ? { clientId: env.SNAPTRADE_CLIENT_ID, consumerKey: env.SNAPTRADE_CONSUMER_KEY, apiUrl: env.SNAPTRADE_API_URL }
        : undefined,
    notes,
  };
}

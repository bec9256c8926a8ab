import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs on the embedded default with nothing set and says so', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.eventStoreUrl).toBeUndefined();
    expect(config.mongoUrl).toBeUndefined();
    expect(config.session.secure).toBe(false);
    expect(config.session.ttlSeconds).toBe(12 * 3600);
    expect(config.demoData).toBe(true);
    expect(config.notes.join('\n')).toMatch(/embedded SQLite/);
    expect(config.notes.join('\n')).toMatch(/SESSION_SECRET not set: a random secret for this start, so sessions end at restart/);
  });

  it('reads Stripe: the key, webhook secret, price and STRIPE_API_URL; a bad URL and a key without its webhook secret in production are refused', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({}).notes.join('\n')).toMatch(/STRIPE_SECRET_KEY not set: Premium cannot be bought/);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PRICE_ID: 'price_1', STRIPE_API_URL: 'http://127.0.0.1:4010' }).stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      priceId: 'price_1',
      apiUrl: 'http://127.0.0.1:4010',
    });
    expect(() => loadConfig({ STRIPE_API_URL: 'not a url' })).toThrow(/STRIPE_API_URL/);
    const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), ADMIN_EMAIL: 'o@x.test', APP_URL: 'https://x.test', SMTP_URL: 'smtp://x.test', STRIPE_SECRET_KEY: 'sk_live_1' };
    expect(() => loadConfig(production)).toThrow(/STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY/);
  });

  it('makes a random session secret per start without SESSION_SECRET, never the old fixed one (L6)', () => {
    const a = loadConfig({}).session.secret;
    const b = loadConfig({ NODE_ENV: 'test' }).session.secret;
    expect(a).toHaveLength(64);
    expect(a).not.toBe(b);
    expect(a).not.toBe('weeklydiv-development-session-secret-not-for-production');
    expect(loadConfig({ SESSION_SECRET: 's'.repeat(40) }).session.secret).toBe('s'.repeat(40));
  });

  it('refuses to start in production without secrets, naming each missing one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      expect((error as Error).message).toMatch(/SESSION_SECRET is required in production/);
      expect((error as Error).message).toMatch(/ADMIN_EMAIL is required in production/);
      expect((error as Error).message).toMatch(/APP_URL is required in production/);
      expect((error as Error).message).toMatch(/SMTP_URL is required in production/);
    }
  });

  it('refuses production without SMTP_URL even when everything else is set (M1)', () => {
    const complete = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), ADMIN_EMAIL: 'owner@example.com', APP_URL: 'https://weeklydiv.example' };
    expect(() => loadConfig(complete)).toThrow(/SMTP_URL: SMTP_URL is required in production/);
    expect(() => loadConfig({ ...complete, SMTP_URL: '' })).toThrow(/SMTP_URL is required in production/);
    expect(loadConfig({ ...complete, SMTP_URL: 'smtp://mail.example:587' }).mail.smtpUrl).toBe('smtp://mail.example:587');
  });

  it('accepts a complete production configuration with secure cookies', () => {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), ADMIN_EMAIL: ' Owner@Example.com ', APP_URL: 'https://weeklydiv.example/', SMTP_URL: 'smtp://mail.example:587' });
    expect(config.session.secure).toBe(true);
    expect(config.adminEmail).toBe('owner@example.com');
    expect(config.appUrl).toBe('https://weeklydiv.example');
  });

  it('rejects short secrets, sessions longer than 12 hours and bad ports', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(() => loadConfig({ SESSION_TTL_HOURS: '24' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
  });

  it('uses Alpaca only when both keys are set, unless demo data is forced', () => {
    expect(loadConfig({ ALPACA_KEY_ID: 'k' }).alpaca).toBeUndefined();
    const real = loadConfig({ ALPACA_KEY_ID: 'k', ALPACA_SECRET_KEY: 's' });
    expect(real.alpaca?.keyId).toBe('k');
    expect(real.demoData).toBe(false);
    expect(loadConfig({ ALPACA_KEY_ID: 'k', ALPACA_SECRET_KEY: 's', DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it('reads NEWS_FEEDS as comma-separated http(s) URLs; unset or empty means the built-in list', () => {
    expect(loadConfig({}).newsFeeds).toBeUndefined();
    expect(loadConfig({ NEWS_FEEDS: ' , ' }).newsFeeds).toBeUndefined();
    expect(loadConfig({ NEWS_FEEDS: ' https://a.example/rss , http://b.example/atom.xml,,https://a.example/rss' }).newsFeeds).toEqual([
      'https://a.example/rss',
      'http://b.example/atom.xml',
    ]);
    // a comma separates only before the next address: a URL may hold commas
    const yahoo = 'https://feeds.finance.yahoo.com/rss/2.0/headline?s=NVDW,MSTY&region=US&lang=en-US';
    expect(loadConfig({ NEWS_FEEDS: `${yahoo}, https://a.example/rss` }).newsFeeds).toEqual([yahoo, 'https://a.example/rss']);
    expect(() => loadConfig({ NEWS_FEEDS: 'https://a.example/rss, ftp://b.example/feed' })).toThrow(/NEWS_FEEDS\.1: every entry must be an http\(s\) URL/);
    expect(() => loadConfig({ NEWS_FEEDS: 'not a url' })).toThrow(ConfigError);
  });

  it('reads ISSUER_FEEDS like NEWS_FEEDS, and the poll interval and window of ingest-declarations (default every 300 s in business hours)', () => {
    expect(loadConfig({})).toMatchObject({ issuerFeeds: undefined, issuerPoll: { seconds: 300, window: 'business-hours' } });
    expect(loadConfig({ ISSUER_FEEDS: ' http://127.0.0.1:9/a.rss ,https://b.example/feed,,' }).issuerFeeds).toEqual(['http://127.0.0.1:9/a.rss', 'https://b.example/feed']);
    expect(loadConfig({ ISSUER_POLL_SECONDS: '30', ISSUER_POLL_WINDOW: 'always' }).issuerPoll).toEqual({ seconds: 30, window: 'always' });
    expect(() => loadConfig({ ISSUER_FEEDS: 'file:///etc/passwd' })).toThrow(/ISSUER_FEEDS\.0: every entry must be an http\(s\) URL/);
    expect(() => loadConfig({ ISSUER_POLL_SECONDS: '5' })).toThrow(/ISSUER_POLL_SECONDS/);
    expect(() => loadConfig({ ISSUER_POLL_WINDOW: 'nights' })).toThrow(/ISSUER_POLL_WINDOW/);
  });

  it('lets feed fetches reach private addresses only with FEEDS_ALLOW_PRIVATE, never in production (security audit S7)', () => {
    expect(loadConfig({}).feedsAllowPrivate).toBe(false);
    expect(loadConfig({ FEEDS_ALLOW_PRIVATE: 'true' }).feedsAllowPrivate).toBe(true);
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), ADMIN_EMAIL: 'o@x.test', APP_URL: 'https://x.test', SMTP_URL: 'smtp://x.test' };
    expect(loadConfig(production).feedsAllowPrivate).toBe(false);
    expect(() => loadConfig({ ...production, FEEDS_ALLOW_PRIVATE: 'true' })).toThrow(/FEEDS_ALLOW_PRIVATE cannot be used in production/);
  });

  it('turns brokerage sync on with SnapTrade keys; the secret key is required in production and must be 32 bytes', () => {
    expect(loadConfig({}).snaptrade).toBeUndefined();
    const dev = loadConfig({ SNAPTRADE_CLIENT_ID: 'id', SNAPTRADE_CONSUMER_KEY: 'key' });
    expect(dev.snaptrade).toMatchObject({ clientId: 'id', consumerKey: 'key', apiUrl: undefined, timeoutMs: 15_000 });
    expect(dev.snaptrade!.secretKey).toHaveLength(32);
    // derived outside production: the same at every start, and said so
    expect(loadConfig({ SNAPTRADE_CLIENT_ID: 'id', SNAPTRADE_CONSUMER_KEY: 'key' }).snaptrade!.secretKey.equals(dev.snaptrade!.secretKey)).toBe(true);
    expect(dev.notes.join('\n')).toMatch(/BROKERAGE_SECRET_KEY not set/);
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ SNAPTRADE_CLIENT_ID: 'id', SNAPTRADE_CONSUMER_KEY: 'key', BROKERAGE_SECRET_KEY: hex }).snaptrade!.secretKey.toString('hex')).toBe(hex);
    expect(() => loadConfig({ BROKERAGE_SECRET_KEY: 'short' })).toThrow(/BROKERAGE_SECRET_KEY must be 32 bytes/);
    const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), ADMIN_EMAIL: 'a@b.c', APP_URL: 'https://x.test', SMTP_URL: 'smtp://x', SNAPTRADE_CLIENT_ID: 'id', SNAPTRADE_CONSUMER_KEY: 'key' };
    expect(() => loadConfig(production)).toThrow(/BROKERAGE_SECRET_KEY is required in production when SnapTrade is configured/);
    expect(loadConfig({ ...production, BROKERAGE_SECRET_KEY: Buffer.alloc(32, 1).toString('base64') }).snaptrade!.secretKey).toEqual(Buffer.alloc(32, 1));
  });
});

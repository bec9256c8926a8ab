import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Application } from 'express';
import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import type { OutboxRecord } from '../../infra/mail/port.ts';
import type { AppDeps } from '../http/deps.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

/** Test env for API specs: a cheap scrypt cost (the default, 2^17, costs ~0.6 s per hash here). */
export const fastEnv = { PASSWORD_SCRYPT_LOG_N: '12' } as const;

export const OWNER_EMAIL = 'owner@weeklydiv.test';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  return { firstName: 'Ann', lastName: 'Lee', email: uniqueEmail(), password: 'secret-pw', ...overrides };
}

/** Registers through the API with a cookie-keeping agent (signed in afterwards). */
export async function signUp(app: Application, overrides: Partial<NewUser> = {}) {
  const user = newUser(overrides);
  const agent = request.agent(app);
  const res = await agent.post('/api/register').send(user).expect(201);
  return { agent, user, id: res.body.id as string, cookie: sessionCookie(res.headers['set-cookie']) };
}

/**
 * Signs up, then follows the verification link mailed at sign-up with the same (signed-in) agent, so
 * the address is proven and the session stays. `deps` is the app's (its mailer and DATA_DIR outbox).
 */
export async function signUpVerified(app: Application, deps: Pick<AppDeps, 'mailer' | 'config'>, overrides: Partial<NewUser> = {}) {
  const signedUp = await signUp(app, overrides);
  const token = await lastVerificationToken(deps, signedUp.user.email);
  await signedUp.agent.post('/api/verify-email').send({ token }).expect(200);
  return signedUp;
}

/** The owner (ADMIN_EMAIL of the harness), signed up and verified: admin rights need a verified address (audit H2). */
export async function signUpOwner(app: Application, deps: Pick<AppDeps, 'mailer' | 'config'>) {
  return signUpVerified(app, deps, { email: OWNER_EMAIL });
}

/** The token of the latest verification link mailed to `email` (waits for the background send). */
export async function lastVerificationToken(deps: Pick<AppDeps, 'mailer' | 'config'>, email: string): Promise<string> {
  await deps.mailer.idle();
  const mail = readOutbox(deps.config.dataDir)
    .filter((m) => m.to === email && m.text.includes('/verify-email?token='))
    .at(-1);
  if (!mail) throw new Error(`no verification mail to ${email}`);
  return linkToken(mail.text, 'verify-email');
}

/**
 * A harness with TRUST_PROXY, created before this file's tests and closed after them (the set-up the
 * throttling and security specs share). `ctx` stands for that context once `beforeAll` ran (reading
 * it earlier throws); `freshIp()` gives each test its own client address (X-Forwarded-For), so tests
 * do not share per-client counters.
 */
export function useProxiedTestContext(addressPrefix: string): { ctx: TestContext; freshIp: () => string } {
  let current: TestContext | undefined;
  let counter = 0;
  beforeAll(async () => {
    current = await createTestContext({ ...fastEnv, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await current?.close();
  });
  const ctx = new Proxy({} as TestContext, {
    get(_target, key) {
      if (!current) throw new Error('the test context is created in beforeAll: use it inside a test or hook');
      return current[key as keyof TestContext];
    },
  });
  return { ctx, freshIp: () => `${addressPrefix}.${++counter}` };
}

/** The `weeklydiv_session=...` pair of a response's Set-Cookie headers (for replaying old cookies). */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const header = all.find((c) => c.startsWith('weeklydiv_session='));
  if (!header) throw new Error(`no session cookie in ${JSON.stringify(all)}`);
  return header.split(';')[0]!;
}

export function readOutbox(dataDir: string): OutboxRecord[] {
  const file = path.join(dataDir, 'outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as OutboxRecord);
}

/** The token of the latest reset link mailed to `email` (outbox mode; verification mails are skipped). */
export function lastResetToken(dataDir: string, email: string): string {
  const mail = readOutbox(dataDir)
    .filter((m) => m.to === email && m.text.includes('/reset-password?token='))
    .at(-1);
  if (!mail) throw new Error(`no reset mail to ${email}`);
  return resetTokenFrom(mail.text);
}

export function resetTokenFrom(text: string): string {
  return linkToken(text, 'reset-password');
}

function linkToken(text: string, page: 'reset-password' | 'verify-email'): string {
  const match = new RegExp(`/${page}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`no ${page} link in ${text}`);
  return decodeURIComponent(match[1]!);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

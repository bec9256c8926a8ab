import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Application } from 'express';
import request from 'supertest';
import type { OutboxRecord } from '../../infra/mail/port.ts';

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

/** The token of the latest reset link mailed to `email` (outbox mode). */
export function lastResetToken(dataDir: string, email: string): string {
  const mail = readOutbox(dataDir)
    .filter((m) => m.to === email)
    .at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return resetTokenFrom(mail.text);
}

export function resetTokenFrom(text: string): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in ${text}`);
  return decodeURIComponent(match[1]!);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

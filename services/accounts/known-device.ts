import { hkdfSync, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { sealData, unsealData } from 'iron-session';
import { cookieValue } from '../http/session.ts';

/**
 * The device cookie (audit S2; docs/accounts-and-security.md "Login throttling"): a browser that signed
 * in to an account before is "known" to that account, and its login attempts are throttled on its own
 * counter instead of the account-wide ones strangers share, so a stranger's wrong passwords never
 * keep it out (OWASP "Slow Down Online Guessing Attacks with Device Cookies"; ASVS V6: no malicious
 * lockout).
 *
 * The cookie is not the session: it stays after logout, lasts a year, and is sent only to
 * `POST /api/login` (Path). It holds a random device id and, for each account this browser signed in
 * to (the last five), the account and the session epoch of that sign-in. Sealed (iron: AES-256 and
 * HMAC) under a key derived from SESSION_SECRET, so nobody can write one for an account whose password
 * they do not have. An entry counts only while its epoch is the account's: log out everywhere, a
 * password reset or a takeover (which all end every session) make every browser unknown again until it
 * signs in once more.
 */
export const DEVICE_COOKIE = 'weeklydiv_device';
export const DEVICE_COOKIE_PATH = '/api/login';
export const DEVICE_TTL_SECONDS = 365 * 24 * 3600;
/** Accounts remembered per browser (a family sharing a computer), most recent first. */
export const DEVICE_ACCOUNTS = 5;

export interface DeviceAccount {
  email: string;
  userId: string;
  /** The account's session epoch at that sign-in. */
  epoch: number;
}

export interface Device {
  /** 128 random bits, base64url: the key of the device's own login counter. */
  id: string;
  accounts: DeviceAccount[];
}

const newDeviceId = () => randomBytes(16).toString('base64url');

function isDevice(value: unknown): value is Device {
  if (typeof value !== 'object' || value === null) return false;
  const { id, accounts } = value as Partial<Device>;
  return (
    typeof id === 'string' &&
    /^[A-Za-z0-9_-]{22}$/.test(id) &&
    Array.isArray(accounts) &&
    accounts.every((a: Partial<DeviceAccount>) => typeof a.email === 'string' && typeof a.userId === 'string' && typeof a.epoch === 'number')
  );
}

export class KnownDevices {
  readonly #password: string;
  readonly #secure: boolean;

  constructor(sessionSecret: string, secure: boolean) {
    // Its own key (HKDF of the session secret), so a session cookie can never pass for a device cookie.
    this.#password = Buffer.from(hkdfSync('sha256', sessionSecret, 'weeklydiv', 'device-cookie', 32)).toString('base64url');
    this.#secure = secure;
  }

  /** The device of this request's cookie, or null (none, tampered, expired or not ours). */
  async read(req: Request): Promise<Device | null> {
    const seal = cookieValue(req.headers.cookie, DEVICE_COOKIE);
    if (!seal) return null;
    const data = await unsealData<unknown>(seal, { password: this.#password, ttl: DEVICE_TTL_SECONDS }).catch(() => null);
    return isDevice(data) ? data : null;
  }

  /** After a successful sign-in: this browser is known to the account (at its current epoch) from now on. */
  async remember(res: Response, device: Device | null, account: DeviceAccount): Promise<void> {
    const accounts = [account, ...(device?.accounts ?? []).filter((a) => a.userId !== account.userId && a.email !== account.email)].slice(0, DEVICE_ACCOUNTS);
    const seal = await sealData({ id: device?.id ?? newDeviceId(), accounts } satisfies Device, { password: this.#password, ttl: DEVICE_TTL_SECONDS });
    res.cookie(DEVICE_COOKIE, seal, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.#secure,
      path: DEVICE_COOKIE_PATH,
      maxAge: (DEVICE_TTL_SECONDS - 60) * 1000,
    });
  }
}

/** The entry of this device for the account with this e-mail, if it has one (not yet checked against the account). */
export function deviceEntry(device: Device | null, email: string): DeviceAccount | null {
  return device?.accounts.find((a) => a.email === email) ?? null;
}

import { createHmac } from 'node:crypto';
import { streams } from '../../events/streams.ts';
import { EMAIL_INDEX_KEY_ID, type KeyStore } from '../../infra/personal-data/port.ts';
import type { EventLog } from '../core/event-log.ts';
import type { EmailReservationState } from './accounts.ts';
import { emailReservationDecider } from './business-logic.ts';

/**
 * The name of an address's reservation stream (issue 29, docs/accounts-and-security.md "The reservation
 * stream's name"): `useremail-<HMAC-SHA-256(key, address)>` in lowercase hex, so the log holds no
 * address in clear, not even in a stream name. The key is the "email index key" of the key store (made
 * once, shared by every process); the session secret would not do: it rotates (and is random per start
 * outside production), and a reservation must keep its name for ever.
 *
 * Logs written before this keep their `useremail-<address>` streams (the legacy names): a lookup reads
 * the hashed stream, then the legacy one, and a registration refuses an address that a live account
 * holds under either name.
 */

/** The address as every request normalises it (contracts/accounts.ts: trimmed, lower-cased). */
export const normaliseEmail = (emailAddress: string): string => emailAddress.trim().toLowerCase();

/** HMAC-SHA-256 of the normalised address under `key`, lowercase hex (64 characters). */
export function emailIndexHash(key: Buffer, emailAddress: string): string {
  return createHmac('sha256', key).update(normaliseEmail(emailAddress), 'utf8').digest('hex');
}

/** The two names of an address's reservation: the one written now, and the one of older logs. */
export interface ReservationStreams {
  hashed: string;
  legacy: string;
}

/** The reservation stream names of addresses, with the key read once per process (it never changes). */
export class EmailIndex {
  private readonly keys: Pick<KeyStore, 'keyFor'>;
  private key: Promise<Buffer> | undefined;

  constructor(keys: Pick<KeyStore, 'keyFor'>) {
    this.keys = keys;
  }

  async streamsFor(emailAddress: string): Promise<ReservationStreams> {
    const key = await this.indexKey();
    return { hashed: streams.userEmail(emailIndexHash(key, emailAddress)), legacy: streams.legacyUserEmail(normaliseEmail(emailAddress)) };
  }

  private indexKey(): Promise<Buffer> {
    // made on first use (atomically in both key stores: of two processes one key wins and both read it);
    // a failed read is not remembered, so the next request tries again
    this.key ??= this.keys.keyFor(EMAIL_INDEX_KEY_ID).then((key) => {
      if (!key) throw new Error('the email index key was destroyed: no reservation stream can be named');
      return key;
    });
    this.key.catch(() => (this.key = undefined));
    return this.key;
  }
}

/** The reservation of an address: the hashed stream's when it holds the address, else the legacy stream's. */
export async function readReservation(
  log: EventLog,
  names: ReservationStreams,
): Promise<{ hashed: EmailReservationState; legacy: EmailReservationState; holder: EmailReservationState }> {
  const [hashed, legacy] = await Promise.all([log.aggregate(names.hashed, emailReservationDecider), log.aggregate(names.legacy, emailReservationDecider)]);
  return { hashed: hashed.state, legacy: legacy.state, holder: hashed.state.status === 'reserved' ? hashed.state : legacy.state };
}

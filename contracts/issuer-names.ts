import type { Issuer } from '../events/dividends.ts';

/**
 * The issuers' names as people write them, for "Declared by YieldMax, …" on the screens and in the ICS
 * feeds. A pure table with no runtime import, so the client may import it at runtime (an exception to
 * `web-contracts-type-only` in .dependency-cruiser.cjs, like contracts/page-path.ts).
 */
export const ISSUER_NAMES: Readonly<Record<Issuer, string>> = {
  yieldmax: 'YieldMax',
  roundhill: 'Roundhill',
  graniteshares: 'GraniteShares',
  defiance: 'Defiance',
  rex: 'REX',
  nicholas: 'Nicholas',
};

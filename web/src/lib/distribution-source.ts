import type { Issuer } from '../../../contracts/declarations.ts';
import type { DistributionOrigin, DistributionSource, DividendHistoryItem } from '../../../contracts/market.ts';
import { ISSUER_NAMES } from '../../../contracts/issuer-names.ts';
import { formatDateTimeET, formatPercent, formatStatedPercent } from './format.ts';

/**
 * Where a distribution's amount comes from, in words (issue 26, docs/declarations.md "On screen"): the
 * issuer's release ("Declared by YieldMax, Oct 14, 2025, 9:05 AM ET", a link to the release), the site
 * owner, the market-data provider or the demo data.
 */

/** The issuers as they name themselves (contracts/issuer-names.ts: the ICS feeds say the same). */
export { ISSUER_NAMES };

/** The discreet label of a distribution that is not the issuer's own declaration. */
export const SOURCE_LABELS: Readonly<Record<DistributionSource, string>> = {
  owner: 'Set by the site owner',
  // an issuer's declaration without its release's address (not expected: the API gives one)
  issuer: 'From the issuer',
  provider: 'Provider data',
  demo: 'Demo data',
};

/**
 * The first word of a brand or a fund name that names an issuer. The catalog's brand of GraniteShares is
 * "Granite"; a fund's name starts with its issuer ("REX NVDA Growth & Income ETF").
 */
const ISSUER_WORDS: ReadonlyArray<readonly [RegExp, Issuer]> = [
  [/^yieldmax/i, 'yieldmax'],
  [/^roundhill/i, 'roundhill'],
  [/^granite/i, 'graniteshares'],
  [/^defiance/i, 'defiance'],
  [/^rex\b/i, 'rex'],
  [/^nicholas/i, 'nicholas'],
];

/**
 * The issuer of a fund, from its brand, else from its name; null when neither names one of the six.
 * A declaration names its issuer (`issuer` in the API); this is the fallback for one recorded before the
 * name was kept.
 */
export function issuerOfFund(fund: { brand?: string | null | undefined; name?: string | null | undefined }): Issuer | null {
  for (const text of [fund.brand, fund.name]) {
    const t = text?.trim();
    if (!t) continue;
    for (const [word, issuer] of ISSUER_WORDS) if (word.test(t)) return issuer;
  }
  return null;
}

/** "Declared by YieldMax, Oct 14, 2025, 9:05 AM ET"; "Declared by the issuer, …" when the issuer is not known. */
export function declaredByText(issuer: Issuer | null, declaredAt: string | null): string {
  const who = issuer ? ISSUER_NAMES[issuer] : 'the issuer';
  const when = formatDateTimeET(declaredAt);
  return when ? `Declared by ${who}, ${when}` : `Declared by ${who}`;
}

/** A payout the issuer declared in a release we read: the release's address and when it was published. */
export interface IssuerDeclaration {
  /** Whose release it is, as the API says; null when not known (the fund's issuer is then used). */
  issuer: Issuer | null;
  url: string;
  declaredAt: string | null;
}

/**
 * The release behind a distribution, when it is the issuer's declaration (not a projection repeating an
 * issuer's amount, not an estimate): null otherwise.
 */
export function issuerDeclarationOf(entry: Pick<DistributionOrigin, 'source' | 'issuer' | 'sourceUrl' | 'declaredAt'> & { estimated: boolean }): IssuerDeclaration | null {
  if (entry.source !== 'issuer' || entry.estimated || !entry.sourceUrl) return null;
  return { issuer: entry.issuer, url: entry.sourceUrl, declaredAt: entry.declaredAt };
}

/** The issuer's own figures beside ours on the fund page: from its latest declaration that states any. */
export interface IssuerFigures {
  /** The distribution they were stated with. */
  item: DividendHistoryItem;
  declaration: IssuerDeclaration;
  /** "87.1%", or null when the release gave none. */
  statedRate: string | null;
  secYield: string | null;
  /** The stated rate shows another figure than our Distribution Rate (both at 1 decimal). */
  rateDiffers: boolean;
}

/**
 * The newest regular distribution the issuer declared with a stated rate or an SEC yield (the history is
 * newest first), with the figures as shown; null when no release gave either.
 */
export function issuerFiguresOf(history: readonly DividendHistoryItem[], ourRate: string | null): IssuerFigures | null {
  for (const item of history) {
    const declaration = issuerDeclarationOf(item);
    if (!declaration || item.kind !== 'regular') continue;
    const statedRate = formatStatedPercent(item.statedRate);
    const secYield = formatStatedPercent(item.secYield);
    if (statedRate === null && secYield === null) continue;
    return { item, declaration, statedRate, secYield, rateDiffers: statedRate !== null && statedRate !== formatPercent(ourRate) };
  }
  return null;
}

/** The three issuer families the landing copy names: the three largest in the catalog. */
export const LANDING_ISSUERS = [
  { name: 'Roundhill', slug: 'roundhill', blurb: 'WeeklyPay single-stock ETFs and 0DTE covered-call strategies, paying every week.' },
  { name: 'YieldMax', slug: 'yieldmax', blurb: 'Option-income ETFs on single stocks and indexes with weekly distributions.' },
  { name: 'Granite', slug: 'granite', blurb: 'GraniteShares YieldBOOST funds: weekly income from put-writing strategies.' },
] as const;

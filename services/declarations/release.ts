/**
 * The release parser's interface, as agreed with its author (issue 26): `parseRelease` in
 * `release-parser.ts` (pure: no I/O, no clock) reads a press release's distribution table(s). The
 * pipeline (the ingest-declarations job, the review queue) is written against these types and takes the
 * parser as a dependency (`ParseRelease`), so its specs use fixed parse results; the composition
 * (services/jobs/runtime.ts `StartJobsOptions`, services/gateway/container.ts) hands it the real one.
 * When `release-parser.ts` lands, these types are its own (re-exported from there).
 */

export type Issuer = 'yieldmax' | 'roundhill' | 'graniteshares' | 'defiance' | 'rex' | 'nicholas';

export interface ReleaseInput {
  /** The release's HTML (a press-release page, or a feed item's full content). */
  html: string;
  /** Where it was read (the item's link), for messages. */
  url: string;
  /** The feed item's publication instant (ISO), when known: resolves a year-less date and "next week". */
  publishedAt: string | null;
  /** The issuer when the feed says it (the feed list knows whose feed it is); else the parser infers it. */
  issuer?: Issuer;
}

/** One distribution read from a table row, every figure as the release states it. */
export interface DeclaredRow {
  /** Normalised (footnote digits and marks removed: "ULTY4" -> "ULTY", "SDTY*" -> "SDTY"). */
  ticker: string;
  name: string | null;
  frequency: 'weekly' | 'four-weekly' | 'monthly' | 'twice-weekly' | null;
  /** Cash per share, canonical decimal text ("0.0908"); "$0.0000" is a real zero payout. */
  amount: string;
  kind: 'regular' | 'special' | 'capital-gain';
  /** The issuer's distribution rate in percent ("87.10"), null for "--"/"-"/absent. */
  statedRate: string | null;
  /** 30-day SEC yield in percent. */
  secYield: string | null;
  /** The ROC estimate in percent (0-100). */
  rocEstimatePercent: string | null;
  /** ISO YYYY-MM-DD. */
  exDate: string;
  recordDate: string | null;
  payDate: string | null;
}

export interface ReleaseProblem {
  /** What could not be read, for the owner's review queue ("row 4 (SDTY): no distribution per share"). */
  message: string;
  ticker?: string;
}

export interface ParsedRelease {
  issuer: Issuer | null;
  /**
   * True when the release declares distributions and EVERY row of every distribution table was read
   * completely; only then is anything published.
   */
  complete: boolean;
  /** The rows read completely (also when complete is false: shown in review). */
  rows: DeclaredRow[];
  /** What was not read (non-empty => complete === false). */
  problems: ReleaseProblem[];
  /** Not a declaration at all (a fund launch, a "scheduled for next week" notice only, a fee change). */
  notADeclaration: boolean;
}

/** `parseRelease` of release-parser.ts: never a wrong number published, so when in doubt a row goes to `problems`. */
export type ParseRelease = (input: ReleaseInput) => ParsedRelease;

/**
 * The composition's parser until `release-parser.ts` is wired in: it reads nothing, so every release
 * goes to the owner's review queue with this problem and nothing is published by itself.
 */
export const parserNotInstalled: ParseRelease = () => ({
  issuer: null,
  complete: false,
  rows: [],
  problems: [{ message: 'The release parser is not installed: nothing was read (services/declarations/release-parser.ts)' }],
  notADeclaration: false,
});

import type { ParsedRelease, ReleaseInput } from './release-parser.ts';

/**
 * The release parser as the pipeline takes it: the ingest-declarations job and its specs receive
 * `parseRelease` (release-parser.ts, pure) as a dependency, so a spec can hand it fixed parse results;
 * the composition (services/gateway/container.ts `releaseParser`) hands it the real one. The types are the
 * parser's own (the interface agreed for issue 26).
 */
export type { DeclaredRow, Issuer, ParsedRelease, ReleaseInput, ReleaseProblem } from './release-parser.ts';

/** `parseRelease` of release-parser.ts: never a wrong number published, so when in doubt a row goes to `problems`. */
export type ParseRelease = (input: ReleaseInput) => ParsedRelease;

import { applyRelease, dismissRelease, getPossibleNewFunds, getRelease, getReleases, type ReleaseJson } from '../../contracts/declarations.ts';
import { listCatalog } from '../../read-models/catalog/catalog-index.ts';
import { findRelease, listReleases, possibleNewFunds, toReleaseJson } from '../../read-models/releases/queries.ts';
import type { ReadModels } from '../../read-models/runtime/read-models.ts';
import { notFound } from '../core/errors.ts';
import { apiModule, handle } from '../http/endpoints.ts';
import { releaseMessages } from './business-logic.ts';
import { dismissRelease as dismiss, publishRelease } from './commands.ts';

/**
 * The owner's review queue of issuer releases and the possible new funds (definitions in
 * contracts/declarations.ts; docs/declarations.md "The review queue"). Owner-only (under /api/admin).
 * "Apply" publishes the rows the release's stream holds: what the owner saw is what is published.
 */

const RELEASE_ID = /^[0-9a-f]{32}$/;

/** The listed funds now: ticker to fund id. */
async function listedFunds(readModels: ReadModels): Promise<Map<string, string>> {
  return new Map((await listCatalog(readModels)).map((e) => [e.ticker, e._id]));
}

async function releaseJson(readModels: ReadModels, id: string, listedTickers?: ReadonlySet<string>): Promise<ReleaseJson> {
  const doc = RELEASE_ID.test(id) ? await findRelease(readModels, id) : null;
  if (!doc) throw notFound(releaseMessages.notFound);
  return toReleaseJson(doc, listedTickers ?? new Set((await listedFunds(readModels)).keys()));
}

export const declarationsApi = apiModule('declarations', (deps) => [
  handle(getReleases, async ({ query }) => {
    const listed = new Set((await listedFunds(deps.readModels)).keys());
    return (await listReleases(deps.readModels, query.status, query.limit)).map((doc) => toReleaseJson(doc, listed));
  }),
  handle(getRelease, async ({ params }) => releaseJson(deps.readModels, params.id)),
  handle(applyRelease, async ({ params }, call) => {
    if (!RELEASE_ID.test(params.id)) throw notFound(releaseMessages.notFound);
    const listed = await listedFunds(deps.readModels);
    const { outcome, position } = await publishRelease(deps.log, params.id, listed, { automatically: false }, call.context());
    await call.waitFor(position);
    return { release: await releaseJson(deps.readModels, params.id, new Set(listed.keys())), outcome };
  }),
  handle(dismissRelease, async ({ params }, call) => {
    if (!RELEASE_ID.test(params.id)) throw notFound(releaseMessages.notFound);
    const { position } = await dismiss(deps.log, params.id, call.context());
    await call.waitFor(position);
    return releaseJson(deps.readModels, params.id);
  }),
  handle(getPossibleNewFunds, async () => possibleNewFunds(deps.readModels, new Set((await listedFunds(deps.readModels)).keys()))),
]);

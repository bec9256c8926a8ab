import type { ReadModels } from '../runtime/read-models.ts';
import { BROKERAGE_LINKS, brokerageProjection, type BrokerageLinkDoc } from './projection.ts';

function links(readModels: ReadModels) {
  return readModels.collection<BrokerageLinkDoc>(brokerageProjection, BROKERAGE_LINKS);
}

/** The user's SnapTrade link (registration and last syncs), or null when they never registered. */
export async function brokerageLinkOf(readModels: ReadModels, userId: string): Promise<BrokerageLinkDoc | null> {
  return links(readModels).findOne({ _id: userId });
}

/** Every user registered with SnapTrade (the daily sync goes through them). */
export async function registeredBrokerageUsers(readModels: ReadModels): Promise<string[]> {
  return (await links(readModels).find({}, { sort: { _id: 1 } })).map((d) => d._id);
}

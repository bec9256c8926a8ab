import { ALERT_DEFAULTS, type AlertSettings } from '../../contracts/alerts.ts';
import type { ReadModels } from '../runtime/read-models.ts';
import { ALERT_SETTINGS, alertsProjection, type AlertSettingsDoc } from './projection.ts';

function settingsOf(doc: AlertSettingsDoc | null | undefined): AlertSettings {
  if (!doc) return { ...ALERT_DEFAULTS };
  return { distributionChangeAlerts: doc.distributionChangeAlerts, distributionChangePercent: doc.distributionChangePercent, exDateReminder: doc.exDateReminder };
}

/** A user's alert settings; the defaults (docs/alerts.md) before the first save. */
export async function alertSettingsOf(readModels: ReadModels, userId: string): Promise<AlertSettings> {
  return settingsOf(await readModels.collection<AlertSettingsDoc>(alertsProjection, ALERT_SETTINGS).findOne({ _id: userId }));
}

/** The settings of several users at once, by user id (defaults for those without a document). */
export async function alertSettingsOfUsers(readModels: ReadModels, userIds: readonly string[]): Promise<Map<string, AlertSettings>> {
  const docs = await readModels.collection<AlertSettingsDoc>(alertsProjection, ALERT_SETTINGS).find({ _id: { $in: [...userIds] } });
  const byId = new Map(docs.map((d) => [d._id, d]));
  return new Map(userIds.map((id) => [id, settingsOf(byId.get(id))]));
}

/** The users who turned the ex-date reminder on (ids, sorted). */
export async function exDateReminderSubscribers(readModels: ReadModels): Promise<string[]> {
  const docs = await readModels.collection<AlertSettingsDoc>(alertsProjection, ALERT_SETTINGS).find({ exDateReminder: true }, { projection: { _id: 1 } });
  return docs.map((d) => d._id).sort();
}

import type { ReadModels } from '../runtime/read-models.ts';
import { SETTINGS, settingsProjection, type SettingDoc } from './projection.ts';

/** The saved value of a setting, or undefined when it was never set. */
export async function settingValue(readModels: ReadModels, key: string): Promise<unknown> {
  const doc = await readModels.collection<SettingDoc>(settingsProjection, SETTINGS).findOne({ _id: key });
  return doc ? doc.value : undefined;
}

/** The saved document of a setting (value and when it changed), or null. */
export async function settingDoc(readModels: ReadModels, key: string): Promise<SettingDoc | null> {
  return readModels.collection<SettingDoc>(settingsProjection, SETTINGS).findOne({ _id: key });
}

/** Every saved setting, by key. */
export async function allSettings(readModels: ReadModels): Promise<SettingDoc[]> {
  return readModels.collection<SettingDoc>(settingsProjection, SETTINGS).find({}, { sort: { _id: 1 } });
}

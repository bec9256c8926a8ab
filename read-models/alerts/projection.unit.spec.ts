import { describe, expect, it } from 'vitest';
import type { AccountDeletedEvent } from '../../events/accounts.ts';
import type { AlertSettingsChanged } from '../../events/alerts.ts';
import { project, recorded, sampleEvent, schemaCoverage, type CoverageCases, type GivenEvent } from '../runtime/projection-testing.ts';
import { ALERT_SETTINGS, alertsProjection } from './projection.ts';

const ann = '4f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const bob = '5f6c1d3e-8a2b-4c5d-9e0f-1a2b3c4d5e6f';
const at = (d: number) => `2026-01-0${d}T15:00:00.000Z`;
const changed = (userId: string, percent: number, exDateReminder: boolean, d: number, via: 'settings' | 'unsubscribe' = 'settings'): GivenEvent => ({
  stream: `alerts-${userId}`,
  type: 'AlertSettingsChanged',
  data: { userId, distributionChangeAlerts: via === 'settings', distributionChangePercent: percent, exDateReminder, via, changedAt: at(d) },
});
const history: GivenEvent[] = [changed(ann, 15, true, 1), changed(bob, 10, false, 2), changed(ann, 15, true, 3, 'unsubscribe')];
const expected = [
  { _id: ann, distributionChangeAlerts: false, distributionChangePercent: 15, exDateReminder: true, changedAt: at(3), _position: 3 },
  { _id: bob, distributionChangeAlerts: true, distributionChangePercent: 10, exDateReminder: false, changedAt: at(2), _position: 2 },
];

describe('alerts projection', () => {
  it("keeps each user's latest settings", async () => {
    const { all } = await project(alertsProjection, recorded(history));
    expect(await all(ALERT_SETTINGS)).toEqual(expected);
  });

  it('gives the same documents when every event is delivered twice', async () => {
    const twice = await project(alertsProjection, recorded(history), { batchSize: 1, deliverTwice: true });
    expect(await twice.all(ALERT_SETTINGS)).toEqual(expected);
  });
});

describe('alerts projection: schema coverage', () => {
  const cases: CoverageCases<AlertSettingsChanged | AccountDeletedEvent> = {
    // the user's documents are gone once the account is deleted (docs/accounts-and-security.md "Deleting an account")
    AccountDeleted: { given: (d) => [sampleEvent('AlertSettingsChanged', { userId: d.userId })] }, AlertSettingsChanged: {} };

  it('carries every field of the events it handles into its documents, but those listed with the reason', async () => {
    const { notReaching, documentFields } = await schemaCoverage(alertsProjection, cases);
    // where the change came from (settings page or a mail's unsubscribe link) is the log's, not the settings'
    expect(notReaching).toEqual({
      // when the account was deleted is the log's: the documents are gone
      AccountDeleted: ['deletedAt'], AlertSettingsChanged: ['via'] });
    // The fields of the documents of this version: a change to them is a new version (docs/architecture.md, "Where things go").
    expect({ version: alertsProjection.version, documentFields }).toEqual({
      version: 1,
      documentFields: { [ALERT_SETTINGS]: ['_id', '_position', 'changedAt', 'distributionChangeAlerts', 'distributionChangePercent', 'exDateReminder'] },
    });
  });
});

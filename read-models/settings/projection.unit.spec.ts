import { describe, expect, it } from 'vitest';
import type { SettingEvent } from '../../events/settings.ts';
import { project, recorded, schemaCoverage, type CoverageCases, type GivenEvent } from '../runtime/projection-testing.ts';
import { SETTINGS, settingsProjection } from './projection.ts';

const at = (d: number) => `2026-01-0${d}T15:00:00.000Z`;
const nav = { items: [{ label: 'ETFs', path: '/etfs' }] };
const history: GivenEvent[] = [
  { stream: 'settings-footer_html', type: 'SettingChanged', data: { key: 'footer_html', value: '<p>one</p>', changedAt: at(5) } },
  { stream: 'settings-header_nav', type: 'SettingChanged', data: { key: 'header_nav', value: nav, changedAt: at(6) } },
  { stream: 'settings-footer_html', type: 'SettingChanged', data: { key: 'footer_html', value: '<p>two</p>', changedAt: at(7) } },
];
const expected = [
  { _id: 'footer_html', value: '<p>two</p>', changedAt: at(7), _position: 3 },
  { _id: 'header_nav', value: nav, changedAt: at(6), _position: 2 },
];

describe('settings projection', () => {
  it('keeps the latest value of each key', async () => {
    const { all } = await project(settingsProjection, recorded(history));
    expect(await all(SETTINGS)).toEqual(expected);
  });

  it('gives the same documents when every batch is delivered twice (an older value never wins)', async () => {
    const twice = await project(settingsProjection, recorded(history), { batchSize: 1, deliverTwice: true });
    expect(await twice.all(SETTINGS)).toEqual(expected);
  });
});

describe('settings projection: schema coverage', () => {
  const cases: CoverageCases<SettingEvent> = { SettingChanged: {} };

  it('carries every field of the event it handles into its documents', async () => {
    const { notReaching, documentFields } = await schemaCoverage(settingsProjection, cases);
    expect(notReaching).toEqual({ SettingChanged: [] });
    // The fields of the documents of this version: a change to them is a new version (docs/architecture.md, "Where things go").
    expect({ version: settingsProjection.version, documentFields }).toEqual({ version: 1, documentFields: { [SETTINGS]: ['_id', '_position', 'changedAt', 'value'] } });
  });
});

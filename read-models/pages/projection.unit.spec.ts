import { describe, expect, it } from 'vitest';
import type { PageEvent } from '../../events/pages.ts';
import { project, recorded, sampleEvent, schemaCoverage, type CoverageCases, type GivenEvent } from '../runtime/projection-testing.ts';
import { PAGES, pagesProjection, type PageDoc } from './projection.ts';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const at = (d: number) => `2026-11-0${d}T15:00:00.000Z`;
const content = { path: '/about', slug: 'about', title: 'About', metaDescription: null, canonicalUrl: null, noIndex: false, htmlBody: '<p>Hi</p>', cssBody: null, isPublished: false };

const history: GivenEvent[] = [
  { stream: `page-${A}`, type: 'PageCreated', data: { pageId: A, ...content, createdAt: at(1) } },
  { stream: `page-${B}`, type: 'PageCreated', data: { pageId: B, ...content, path: '/faq', slug: 'faq', title: 'FAQ', createdAt: at(2) } },
  {
    stream: `page-${A}`,
    type: 'PageUpdated',
    data: { pageId: A, ...content, path: '/about-us', slug: 'about-us', metaDescription: 'Who we are', canonicalUrl: 'https://weeklydiv.com/about-us', noIndex: true, cssBody: '.x{}', isPublished: true, updatedAt: at(3) },
  },
  { stream: `page-${B}`, type: 'PageDeleted', data: { pageId: B, path: '/faq', deletedAt: at(4) } },
];

const expected: PageDoc[] = [
  {
    _id: A,
    deleted: false,
    slug: 'about-us',
    path: '/about-us',
    title: 'About',
    metaDescription: 'Who we are',
    canonicalUrl: 'https://weeklydiv.com/about-us',
    noIndex: 1,
    htmlBody: '<p>Hi</p>',
    cssBody: '.x{}',
    isPublished: 1,
    createdAt: at(1),
    updatedAt: at(3),
    _position: 3,
  },
  {
    _id: B,
    deleted: true,
    slug: '',
    path: '',
    title: '',
    metaDescription: null,
    canonicalUrl: null,
    noIndex: 0,
    htmlBody: '',
    cssBody: null,
    isPublished: 0,
    createdAt: at(2),
    updatedAt: at(4),
    _position: 4,
  },
];

describe('pages projection', () => {
  it('keeps each page as its last event left it (flags 0/1), a deleted page as a tombstone without content', async () => {
    const { all } = await project(pagesProjection, recorded(history));
    expect(await all(PAGES)).toEqual(expected);
  });

  it('gives the same documents when every event is delivered twice', async () => {
    const twice = await project(pagesProjection, recorded(history), { batchSize: 1, deliverTwice: true });
    expect(await twice.all(PAGES)).toEqual(expected);
  });

  it('a replay of the whole history after the fact changes nothing (a deleted page does not come back)', async () => {
    const events = recorded(history);
    const first = await project(pagesProjection, events);
    const again = await project(pagesProjection, events, { docs: first.docs });
    expect(await again.all(PAGES)).toEqual(expected);
  });
});

describe('pages projection: schema coverage', () => {
  const created = (d: { pageId: string }) => [sampleEvent('PageCreated', { pageId: d.pageId })];
  const cases: CoverageCases<PageEvent> = { PageCreated: {}, PageUpdated: { given: created }, PageDeleted: { given: created } };

  it('carries every field of the events it handles into its documents, but those listed with the reason', async () => {
    const { notReaching, documentFields } = await schemaCoverage(pagesProjection, cases);
    // a deleted page is a tombstone with its path cleared (the path is free again): the old path is the log's
    expect(notReaching).toEqual({ PageCreated: [], PageUpdated: [], PageDeleted: ['path'] });
    // The fields of the documents of this version: a change to them is a new version (docs/architecture.md, "Where things go").
    expect({ version: pagesProjection.version, documentFields }).toEqual({
      version: 1,
      documentFields: {
        [PAGES]: ['_id', '_position', 'canonicalUrl', 'createdAt', 'cssBody', 'deleted', 'htmlBody', 'isPublished', 'metaDescription', 'noIndex', 'path', 'slug', 'title', 'updatedAt'],
      },
    });
  });
});

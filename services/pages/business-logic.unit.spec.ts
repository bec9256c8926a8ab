import { describe, expect, it } from 'vitest';
import { PageInput, type PageFields } from '../../contracts/pages.ts';
import type { PageEvent, PagePathEvent } from '../../events/pages.ts';
import type { CommandContext } from '../core/decider.ts';
import { validate } from '../http/validation.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { pageDecider, pagePathDecider, type PageCommand } from './business-logic.ts';

const ctx: CommandContext = { actor: 'user:owner', correlationId: 'c1', now: '2026-11-24T15:00:00.000Z' };
const later: CommandContext = { ...ctx, now: '2026-11-25T15:00:00.000Z' };
const PAGE = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

const givenPage = deciderSpec(pageDecider, ctx);
const givenPath = deciderSpec(pagePathDecider, ctx);

const fields = (over: Record<string, unknown> = {}): PageFields => validate(PageInput, { path: '/about', title: 'About', htmlBody: '<p>Hi</p>', ...over });
const create = (over: Record<string, unknown> = {}): PageCommand => ({ type: 'CreatePage', pageId: PAGE, fields: fields(over) });
const update = (over: Record<string, unknown> = {}): PageCommand => ({ type: 'UpdatePage', pageId: PAGE, fields: fields(over) });

const created: PageEvent = {
  type: 'PageCreated',
  data: {
    pageId: PAGE,
    path: '/about',
    slug: 'about',
    title: 'About',
    metaDescription: null,
    canonicalUrl: null,
    noIndex: false,
    htmlBody: '<p>Hi</p>',
    cssBody: null,
    isPublished: false,
    createdAt: ctx.now,
  },
};

describe('page-<id>', () => {
  it('creates a page with the defaults noIndex 0 and isPublished 0', () => {
    givenPage([]).when(create()).then([created]);
  });

  it('normalises the path and derives the slug on the server', () => {
    const [event] = givenPage([]).when(create({ path: ' Guides//Weekly Pay/ ' })).events();
    expect(event!.data).toMatchObject({ path: '/guides/weekly-pay', slug: 'guides-weekly-pay' });
  });

  it('keeps every field of the form: flags as 0/1 or booleans, empty optional text as none', () => {
    const [event] = givenPage([])
      .when(create({ metaDescription: '  Who we are ', canonicalUrl: 'https://weeklydiv.com/about', cssBody: '.x{color:red}', noIndex: 1, isPublished: true }))
      .events();
    expect(event!.data).toMatchObject({ metaDescription: 'Who we are', canonicalUrl: 'https://weeklydiv.com/about', cssBody: '.x{color:red}', noIndex: true, isPublished: true });
    const [blank] = givenPage([]).when(create({ metaDescription: '', canonicalUrl: ' ', cssBody: '', noIndex: 0, isPublished: false })).events();
    expect(blank!.data).toMatchObject({ metaDescription: null, canonicalUrl: null, cssBody: null, noIndex: false, isPublished: false });
  });

  it.each([
    ['/', '/'],
    ['/ETFs', '/etfs/...'],
    ['etfs/roundhill', '/etfs/...'],
    ['/admin', '/admin/...'],
    ['/api/pages', '/api/...'],
    ['/Account/Subscription/', '/account/...'],
    ['/login', '/login'],
    ['/verify-email', '/verify-email'],
  ])('refuses %j, a path of the site itself (409 naming it)', (path, entry) => {
    const normalised = path === '/' ? '/' : path.toLowerCase().replace(/^(?!\/)/, '/').replace(/\/$/, '');
    givenPage([]).when(create({ path })).thenThrows({ status: 409, message: `The path ${normalised} is used by the site itself (${entry}); choose another path` });
  });

  it('updates the whole form; fields left out keep their value', () => {
    const [event] = givenPage([created]).when({ ...update({ path: '/about-us', title: 'About us', isPublished: 1, metaDescription: 'd' }) }).events();
    expect(event).toEqual({
      type: 'PageUpdated',
      data: { ...created.data, createdAt: undefined, pageId: PAGE, path: '/about-us', slug: 'about-us', title: 'About us', isPublished: true, metaDescription: 'd', updatedAt: ctx.now },
    });
    const published: PageEvent = event!;
    const [kept] = deciderSpec(pageDecider, later)([created, published]).when(update({ path: '/about-us', title: 'About us', htmlBody: '<p>New</p>' })).events();
    expect(kept!.data).toMatchObject({ isPublished: true, metaDescription: 'd', htmlBody: '<p>New</p>' });
    const [cleared] = deciderSpec(pageDecider, later)([created, published]).when(update({ path: '/about-us', title: 'About us', metaDescription: null, isPublished: 0 })).events();
    expect(cleared!.data).toMatchObject({ isPublished: false, metaDescription: null });
  });

  it('changes nothing when the form is saved as it is', () => {
    givenPage([created]).when(update({ path: 'ABOUT/' })).then([]);
  });

  it('refuses to update or delete a page that does not exist or was deleted (404)', () => {
    const deleted: PageEvent = { type: 'PageDeleted', data: { pageId: PAGE, path: '/about', deletedAt: ctx.now } };
    givenPage([]).when(update()).thenThrows({ status: 404, message: 'Page not found' });
    givenPage([created, deleted]).when(update()).thenThrows({ status: 404, message: 'Page not found' });
    givenPage([created, deleted]).when({ type: 'DeletePage', pageId: PAGE }).thenThrows({ status: 404, message: 'Page not found' });
  });

  it('deletes a page, naming the path it frees', () => {
    givenPage([created]).when({ type: 'DeletePage', pageId: PAGE }).then([{ type: 'PageDeleted', data: { pageId: PAGE, path: '/about', deletedAt: ctx.now } }]);
  });

  it('refuses to create a page twice under one id', () => {
    givenPage([created]).when(create()).thenThrows({ status: 409 });
  });
});

describe('pagepath-<path>: one page per path', () => {
  const reserved = (pageId: string, at = ctx.now): PagePathEvent => ({ type: 'PagePathReserved', data: { path: '/about', pageId, reservedAt: at } });
  const released = (pageId: string): PagePathEvent => ({ type: 'PagePathReleased', data: { path: '/about', pageId, releasedAt: ctx.now } });

  it('reserves a free path', () => {
    givenPath([]).when({ type: 'ReservePagePath', path: '/about', pageId: PAGE }).then([reserved(PAGE)]);
    givenPath([reserved(OTHER), released(OTHER)]).when({ type: 'ReservePagePath', path: '/about', pageId: PAGE }).then([reserved(PAGE)]);
  });

  it('refuses a path another page holds: 409', () => {
    givenPath([reserved(OTHER)]).when({ type: 'ReservePagePath', path: '/about', pageId: PAGE }).thenThrows({ status: 409, message: 'A page with the path /about already exists' });
  });

  it('is a no-op for the page that already holds it', () => {
    givenPath([reserved(PAGE)]).when({ type: 'ReservePagePath', path: '/about', pageId: PAGE }).then([]);
  });

  it('takes over a stale reservation only when the caller names that holder', () => {
    givenPath([reserved(OTHER)]).when({ type: 'ReservePagePath', path: '/about', pageId: PAGE, staleHolder: OTHER }).then([released(OTHER), reserved(PAGE)]);
    givenPath([reserved(OTHER)]).when({ type: 'ReservePagePath', path: '/about', pageId: PAGE, staleHolder: PAGE }).thenThrows({ status: 409 });
  });

  it('releases only for the holder', () => {
    givenPath([reserved(PAGE)]).when({ type: 'ReleasePagePath', path: '/about', pageId: PAGE }).then([released(PAGE)]);
    givenPath([reserved(OTHER)]).when({ type: 'ReleasePagePath', path: '/about', pageId: PAGE }).then([]);
    givenPath([]).when({ type: 'ReleasePagePath', path: '/about', pageId: PAGE }).then([]);
  });
});

describe('page form validation', () => {
  const errorOf = (body: unknown) => {
    try {
      validate(PageInput, body);
    } catch (e) {
      return e as { status: number; message: string; fieldErrors?: Record<string, string> };
    }
    throw new Error('expected a validation error');
  };

  it('requires path, title and HTML body with clear messages', () => {
    expect(errorOf({})).toMatchObject({ status: 400, message: 'Path is required', fieldErrors: { path: 'Path is required', title: 'Title is required', htmlBody: 'HTML body is required' } });
    expect(errorOf({ path: '  ', title: ' ', htmlBody: '   ' }).fieldErrors).toEqual({ path: 'Path is required', title: 'Title is required', htmlBody: 'HTML body is required' });
    expect(errorOf({ path: null, title: null, htmlBody: null }).fieldErrors).toEqual({ path: 'Path is required', title: 'Title is required', htmlBody: 'HTML body is required' });
  });

  it('limits lengths', () => {
    const ok = { path: '/a', title: 'T', htmlBody: 'x' };
    expect(errorOf({ ...ok, path: `/${'a'.repeat(200)}` }).message).toBe('Path must be at most 200 characters');
    expect(errorOf({ ...ok, title: 't'.repeat(201) }).message).toBe('Title must be at most 200 characters');
    expect(errorOf({ ...ok, htmlBody: 'x'.repeat(500_001) }).message).toBe('HTML body must be at most 500,000 characters');
    expect(errorOf({ ...ok, cssBody: 'x'.repeat(100_001) }).message).toBe('CSS must be at most 100,000 characters');
    expect(errorOf({ ...ok, metaDescription: 'd'.repeat(501) }).message).toBe('Meta description must be at most 500 characters (150-160 is best)');
    expect(errorOf({ ...ok, canonicalUrl: `https://x.com/${'a'.repeat(2000)}` }).message).toBe('Canonical URL must be at most 2,000 characters');
  });

  it.each(['weeklydiv.com/about', '/about', 'javascript:alert(1)', 'ftp://weeklydiv.com/a', 'https://', 'mailto:a@b.c'])('refuses the canonical URL %j', (canonicalUrl) => {
    expect(errorOf({ path: '/a', title: 'T', htmlBody: 'x', canonicalUrl })).toMatchObject({ status: 400, message: 'Canonical URL must be an absolute http(s) URL, like https://weeklydiv.com/about' });
  });

  it('refuses flags that are not 0/1 and fields that are not text', () => {
    expect(errorOf({ path: '/a', title: 'T', htmlBody: 'x', noIndex: 2 }).fieldErrors).toEqual({ noIndex: 'noIndex must be 0 or 1' });
    expect(errorOf({ path: '/a', title: 'T', htmlBody: 'x', isPublished: 'yes' }).fieldErrors).toEqual({ isPublished: 'isPublished must be 0 or 1' });
    expect(errorOf({ path: 7, title: ['T'], htmlBody: 'x' }).fieldErrors).toEqual({ path: 'Path must be text', title: 'Title must be text' });
    expect(errorOf([]).message).toBe('Request body must be a JSON object');
  });
});

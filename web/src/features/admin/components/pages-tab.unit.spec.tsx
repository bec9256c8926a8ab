// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DOMPurify from 'dompurify';
import { mockFetch, type MockAnswer, type MockRequest } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { expectToast, page } from '../../../testing/content-fixtures.ts';
import { PagesTab } from './pages-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const about = page();
const draftPage = page({ id: 'p2', slug: 'guides-weekly', path: '/guides/weekly', title: 'Weekly guide', isPublished: 0, noIndex: 1, metaDescription: null, cssBody: '.x{color:red}' });

function setup(handlers: Record<string, MockAnswer> = {}) {
  const calls = mockFetch({ 'GET /api/admin/pages': [about, draftPage], 'GET /api/admin/images': [], ...handlers });
  renderWithProviders(<PagesTab />);
  const count = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path).length;
  return { calls, count };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const item = (title: string) => screen.getAllByTestId('page-item').find((i) => i.textContent!.includes(title))!;

function fillRequired(path = 'About Us', title = 'About us', html = '<h1>About</h1>') {
  fireEvent.change(field('Path'), { target: { value: path } });
  fireEvent.change(field('Title'), { target: { value: title } });
  fireEvent.change(field('HTML Body'), { target: { value: html } });
}

describe('Custom Pages: list', () => {
  it('"Loading pages..." then each page with its status; "View Live Page" only when published, in a new tab', async () => {
    setup();
    expect(screen.getByText('Loading pages...')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('page-item')).toHaveLength(2));
    const live = within(item('About WeeklyDiv'));
    expect(live.getByText('/about')).toBeTruthy();
    expect(live.getByText('Published')).toBeTruthy();
    const link = live.getByRole('link', { name: 'View Live Page' });
    expect(link.getAttribute('href')).toBe('/about');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
    const drafted = within(item('Weekly guide'));
    expect(drafted.getByText('Draft')).toBeTruthy();
    expect(drafted.getByText('noindex')).toBeTruthy();
    expect(drafted.queryByRole('link', { name: 'View Live Page' })).toBeNull();
  });

  it('an empty list says so', async () => {
    setup({ 'GET /api/admin/pages': [] });
    expect(await screen.findByText('No pages yet. Create the first one above.')).toBeTruthy();
  });
});

describe('Custom Pages: the form', () => {
  it('normalises the path as typed and shows the slug', async () => {
    setup();
    fireEvent.change(field('Path'), { target: { value: 'About Us!' } });
    expect(field('Path').value).toBe('/about-us-');
    expect(screen.getByText('Slug: about-us-')).toBeTruthy();
    // a trailing slash stays while typing (nested paths), and goes when the field is left
    fireEvent.change(field('Path'), { target: { value: '/Guides//' } });
    expect(field('Path').value).toBe('/guides/');
    fireEvent.change(field('Path'), { target: { value: '/Guides//Weekly Pay' } });
    expect(field('Path').value).toBe('/guides/weekly-pay');
    expect(screen.getByText('Slug: guides-weekly-pay')).toBeTruthy();
    fireEvent.change(field('Path'), { target: { value: '/guides/' } });
    fireEvent.blur(field('Path'));
    expect(field('Path').value).toBe('/guides');
    fireEvent.change(field('Path'), { target: { value: '/' } });
    expect(screen.getByText('Slug: page')).toBeTruthy();
  });

  it('path, title and HTML body are required: "Create Page" is disabled without any of them', async () => {
    setup();
    const create = screen.getByRole('button', { name: 'Create Page' });
    expect(create).toHaveProperty('disabled', true);
    fillRequired();
    expect(create).toHaveProperty('disabled', false);
    for (const label of ['Path', 'Title', 'HTML Body']) {
      const before = field(label).value;
      fireEvent.change(field(label), { target: { value: '' } });
      expect(create).toHaveProperty('disabled', true);
      fireEvent.change(field(label), { target: { value: before } });
      expect(create).toHaveProperty('disabled', false);
    }
    fireEvent.change(field('Title'), { target: { value: '   ' } });
    expect(create).toHaveProperty('disabled', true);
  });

  it('the meta description hint suggests 150-160 characters and counts as the owner types', async () => {
    setup();
    const meta = field('Meta Description');
    const hint = () => document.getElementById(meta.getAttribute('aria-describedby')!)!.textContent;
    expect(hint()).toBe('150-160 characters recommended for search results. 0 characters.');
    fireEvent.change(meta, { target: { value: 'x' } });
    expect(hint()).toBe('150-160 characters recommended for search results. 1 character.');
    fireEvent.change(meta, { target: { value: 'y'.repeat(155) } });
    expect(hint()).toBe('150-160 characters recommended for search results. 155 characters.');
  });

  it('creates a page (defaults noIndex 0, isPublished 0), "Page created successfully", resets the form and reads the list again', async () => {
    const { calls, count } = setup({ 'POST /api/admin/pages': (r: MockRequest) => ({ status: 201, body: page({ ...(r.body as object), id: 'p3' }) }) });
    await waitFor(() => expect(screen.getAllByTestId('page-item')).toHaveLength(2));
    fillRequired('About Us', '  About us ', '<h1>About</h1>');
    fireEvent.change(field('Canonical URL'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Page' }));
    await expectToast('Success', 'Page created successfully');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      path: '/about-us',
      title: 'About us',
      htmlBody: '<h1>About</h1>',
      metaDescription: null,
      canonicalUrl: null,
      cssBody: null,
      noIndex: 0,
      isPublished: 0,
    });
    expect(field('Path').value).toBe('');
    expect(field('Title').value).toBe('');
    expect(field('HTML Body').value).toBe('');
    await waitFor(() => expect(count('GET', '/api/admin/pages')).toBe(2));
  });

  it('sends every field, with the switches as 1', async () => {
    const { calls } = setup({ 'POST /api/admin/pages': { status: 201, body: page() } });
    fillRequired('/guides/weekly/', 'Guide', '<p>Hi</p>');
    fireEvent.change(field('Meta Description'), { target: { value: ' A guide ' } });
    fireEvent.change(field('Canonical URL'), { target: { value: 'https://weeklydiv.com/guides/weekly' } });
    fireEvent.change(field('Custom CSS'), { target: { value: 'p{color:red}' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Hide from search engines' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Published' }));
    expect(screen.getByRole('switch', { name: 'Published' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Create Page' }));
    await expectToast('Success', 'Page created successfully');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      path: '/guides/weekly',
      title: 'Guide',
      htmlBody: '<p>Hi</p>',
      metaDescription: 'A guide',
      canonicalUrl: 'https://weeklydiv.com/guides/weekly',
      cssBody: 'p{color:red}',
      noIndex: 1,
      isPublished: 1,
    });
    expect(screen.getByRole('switch', { name: 'Published' }).getAttribute('aria-checked')).toBe('false');
  });

  it('a refused create: the server\'s message, else "Failed to create page"; the form keeps what was typed', async () => {
    let answer: MockAnswer = { status: 409, body: { message: 'A page already exists at /about-us' } };
    setup({ 'POST /api/admin/pages': () => answer });
    fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Create Page' }));
    await expectToast('Error', 'A page already exists at /about-us', 'destructive');
    expect(field('Path').value).toBe('/about-us');
    answer = { status: 500 };
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Page' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Create Page' }));
    await expectToast('Error', 'Failed to create page', 'destructive');
  });
});

describe('Custom Pages: edit and delete', () => {
  it('Edit fills the form; "Update Page" sends PUT, "Page updated successfully", the form resets', async () => {
    const { calls } = setup({ 'PUT /api/admin/pages/p2': (r: MockRequest) => page({ ...(r.body as object), id: 'p2' }) });
    await waitFor(() => expect(screen.getAllByTestId('page-item')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Edit page: Weekly guide' }));
    expect(screen.getByRole('heading', { name: 'Edit Page: Weekly guide' })).toBeTruthy();
    expect(field('Path').value).toBe('/guides/weekly');
    expect(document.activeElement).toBe(field('Path'));
    expect(field('Custom CSS').value).toBe('.x{color:red}');
    expect(screen.getByRole('switch', { name: 'Hide from search engines' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Create Page' })).toBeNull();
    fireEvent.change(field('Title'), { target: { value: 'Weekly income guide' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Published' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Page' }));
    await expectToast('Success', 'Page updated successfully');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/admin/pages/p2');
    expect(put.body).toMatchObject({ path: '/guides/weekly', title: 'Weekly income guide', isPublished: 1, noIndex: 1, cssBody: '.x{color:red}', metaDescription: null });
    expect(screen.getByRole('heading', { name: 'Create Page' })).toBeTruthy();
    expect(field('Path').value).toBe('');
  });

  it('Cancel leaves editing and empties the form without a request', async () => {
    const { calls } = setup();
    await waitFor(() => expect(screen.getAllByTestId('page-item')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Edit page: About WeeklyDiv' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Create Page' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update Page' })).toBeNull();
    expect(field('Title').value).toBe('');
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('a refused update shows "Error" with the fallback when there is no message', async () => {
    setup({ 'PUT /api/admin/pages/p1': { status: 500, body: 'oops' } });
    await waitFor(() => expect(screen.getAllByTestId('page-item')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Edit page: About WeeklyDiv' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Page' }));
    await expectToast('Error', 'Failed to update page', 'destructive');
    // the toast comes as the request settles; the button leaves "Saving..." one render later
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update Page' })).toBeTruthy());
  });

  it('delete asks first, then "Page deleted successfully"; deleting the page being edited resets the form', async () => {
    const { calls, count } = setup({ 'DELETE /api/admin/pages/p1': { status: 204 } });
    await waitFor(() => expect(screen.getAllByTestId('page-item')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Edit page: About WeeklyDiv' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete page: About WeeklyDiv' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this page?' });
    expect(dialog.textContent).toContain('"About WeeklyDiv" (/about) will be deleted permanently.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast('Success', 'Page deleted successfully');
    expect(calls.find((c) => c.method === 'DELETE')!.url.pathname).toBe('/api/admin/pages/p1');
    expect(screen.getByRole('button', { name: 'Create Page' })).toBeTruthy();
    await waitFor(() => expect(count('GET', '/api/admin/pages')).toBe(2));
  });

  it('a failed delete: "Error" with the server message', async () => {
    setup({ 'DELETE /api/admin/pages/p2': { status: 404, body: { message: 'Page not found' } } });
    await waitFor(() => expect(screen.getAllByTestId('page-item')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Delete page: Weekly guide' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Error', 'Page not found', 'destructive');
  });
});

describe('Custom Pages: preview', () => {
  // issue 29, W15: the HTML is cleaned by the server before the browser parses it (no CSP error in the console)
  it('shows the unsaved page as the public page draws it: CSS as a style element, HTML as the server cleans it', async () => {
    const sanitize = vi.spyOn(DOMPurify, 'sanitize');
    const raw = '<h2>Weekly pay</h2><img src="/api/images/1" onerror="alert(1)"><script>window.x=1</script><a href="javascript:alert(1)">x</a>';
    const { calls } = setup({ 'POST /api/admin/owner-html/preview': { html: '<h2>Weekly pay</h2><img src="/api/images/1"><a>x</a>' } });
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveProperty('disabled', true);
    fireEvent.change(field('Title'), { target: { value: 'Draft guide' } });
    fireEvent.change(field('HTML Body'), { target: { value: raw } });
    fireEvent.change(field('Custom CSS'), { target: { value: 'h2{color:teal}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = screen.getByRole('dialog', { name: 'Preview: Draft guide' });
    const preview = within(dialog).getByTestId('page-preview');
    expect(await within(preview).findByRole('heading', { name: 'Weekly pay' })).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/admin/owner-html/preview').map((c) => c.body)).toEqual([{ html: raw }]);
    expect(sanitize.mock.calls.some(([html]) => String(html).includes('onerror'))).toBe(false);
    sanitize.mockRestore();
    expect(preview.innerHTML).not.toContain('<script');
    expect(preview.innerHTML).not.toContain('onerror');
    expect(preview.innerHTML).not.toContain('javascript:');
    expect(preview.querySelector('style')!.textContent).toBe('h2{color:teal}');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close Preview' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

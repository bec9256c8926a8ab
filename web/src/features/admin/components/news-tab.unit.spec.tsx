// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../styles/theme.ts';
import { mockFetch, type MockAnswer } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { article, expectToast, rgb } from '../../../testing/content-fixtures.ts';
import { NewsTab } from './news-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const published = article();
const review = article({ id: 'n2', status: 'review', source: 'Bloomberg', title: 'Roundhill launches weekly fund', link: 'https://bloomberg.com/x', summary: 'New ETF.', tags: '' });
const draft = article({ id: 'n3', status: 'draft', title: 'Draft note', link: 'javascript:alert(1)' });
const archived = article({ id: 'n4', status: 'archived', title: 'Old news' });

function setup(handlers: Record<string, MockAnswer> = {}) {
  const calls = mockFetch({
    'GET /api/admin/news': [published, review, draft, archived],
    'GET /api/admin/news-keywords': { keywords: ['YieldMax', 'weekly dividend'] },
    ...handlers,
  });
  renderWithProviders(<NewsTab />);
  const count = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path).length;
  return { calls, count };
}

function row(title: string): HTMLElement {
  return screen.getAllByTestId('news-article').find((r) => r.textContent!.includes(title))!;
}

describe('News Management: articles table', () => {
  it('shows "Loading articles..." then one row per article with status, source, title, link, summary and tags', async () => {
    setup();
    expect(screen.getByText('Loading articles...')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('news-article')).toHaveLength(4));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Status', 'Source', 'Title', 'Link', 'Summary', 'Tags', 'Actions']);
    const first = within(row('YieldMax cuts QDTE payout'));
    expect(first.getByText('Published')).toBeTruthy();
    expect(first.getByText('Reuters')).toBeTruthy();
    const link = first.getByRole('link', { name: 'reuters.com' });
    expect(link.getAttribute('href')).toBe('https://www.reuters.com/markets/qdte');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(first.getByText('The weekly distribution falls to $0.18.')).toBeTruthy();
    expect(within(first.getByRole('list', { name: 'Tags' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['YieldMax', 'QDTE']);
    // a link that is not http(s) is shown as text, never as a link
    expect(within(row('Draft note')).queryByRole('link')).toBeNull();
  });

  it('badges: green for published, yellow for review, grey otherwise', async () => {
    setup();
    await waitFor(() => expect(screen.getAllByTestId('news-article')).toHaveLength(4));
    const background = (title: string, label: string) => getComputedStyle(within(row(title)).getByText(label)).backgroundColor;
    expect(background('YieldMax cuts QDTE payout', 'Published')).toBe(rgb(theme.colors.positiveSoft));
    expect(background('Roundhill launches weekly fund', 'Review')).toBe(rgb(theme.colors.warningSoft));
    expect(background('Draft note', 'Draft')).toBe(rgb(theme.colors.surfaceMuted));
    expect(background('Old news', 'Archived')).toBe(rgb(theme.colors.surfaceMuted));
  });

  it('"No articles found" when there is none; the table scrolls in its own region (no sideways page scroll)', async () => {
    setup({ 'GET /api/admin/news': [] });
    expect(await screen.findByText('No articles found')).toBeTruthy();
    const region = screen.getByRole('region', { name: 'News Articles' });
    expect(getComputedStyle(region).overflowX).toBe('auto');
    expect(region.getAttribute('tabindex')).toBe('0');
  });
});

describe('News Management: phones', () => {
  it('below 768 px the articles are cards with the same fields and actions (no table to scroll)', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width: 767.98px'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    setup();
    await waitFor(() => expect(screen.getAllByTestId('news-article')).toHaveLength(4));
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(row('Roundhill launches weekly fund'));
    expect(card.getByText('Review')).toBeTruthy();
    expect(card.getByText('Bloomberg')).toBeTruthy();
    expect(card.getByRole('heading', { level: 3, name: 'Roundhill launches weekly fund' })).toBeTruthy();
    expect(card.getByRole('link', { name: 'bloomberg.com' }).getAttribute('href')).toBe('https://bloomberg.com/x');
    expect(card.getByText('New ETF.')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Edit article: Roundhill launches weekly fund' }));
    expect(screen.getByRole('dialog', { name: 'Edit Article' })).toBeTruthy();
  });

  it('the phone layout shows the empty state as text', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    setup({ 'GET /api/admin/news': [] });
    expect(await screen.findByText('No articles found')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('News Management: edit and delete', () => {
  it('edits title, summary, tags and status; "Article updated successfully" and the list is read again', async () => {
    const { calls, count } = setup({ 'PUT /api/admin/news/n2': { ...review, status: 'published' } });
    await waitFor(() => expect(screen.getAllByTestId('news-article')).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Edit article: Roundhill launches weekly fund' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Article' });
    const title = within(dialog).getByLabelText('Title') as HTMLInputElement;
    expect(title.value).toBe('Roundhill launches weekly fund');
    expect(document.activeElement).toBe(title);
    const status = within(dialog).getByLabelText('Status') as HTMLSelectElement;
    expect(status.value).toBe('review');
    expect([...status.options].map((o) => o.value)).toEqual(['draft', 'review', 'published']);
    fireEvent.change(title, { target: { value: '  Roundhill launches WEEK ' } });
    fireEvent.change(within(dialog).getByLabelText('Summary'), { target: { value: 'A new weekly ETF.' } });
    fireEvent.change(within(dialog).getByLabelText('Tags'), { target: { value: ' Roundhill, , WEEK ,' } });
    fireEvent.change(status, { target: { value: 'published' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expectToast('Success', 'Article updated successfully');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/admin/news/n2');
    expect(put.body).toEqual({ title: 'Roundhill launches WEEK', summary: 'A new weekly ETF.', tags: 'Roundhill, WEEK', status: 'published' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(count('GET', '/api/admin/news')).toBe(2));
  });

  it('an archived article opens at status review (archived is not offered); an empty title disables saving', async () => {
    setup();
    await waitFor(() => expect(screen.getAllByTestId('news-article')).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Edit article: Old news' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Article' });
    expect((within(dialog).getByLabelText('Status') as HTMLSelectElement).value).toBe('review');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: '  ' } });
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("a refused edit shows the server's message, else the fallback, and keeps the dialog open", async () => {
    let answer: MockAnswer = { status: 400, body: { message: 'Title must be at most 300 characters' } };
    setup({ 'PUT /api/admin/news/n1': () => answer });
    await waitFor(() => expect(screen.getAllByTestId('news-article')).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Edit article: YieldMax cuts QDTE payout' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expectToast('Error', 'Title must be at most 300 characters', 'destructive');
    expect(screen.getByRole('dialog', { name: 'Edit Article' })).toBeTruthy();
    answer = { status: 500, body: '<html>Internal Server Error</html>' };
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expectToast('Error', 'Failed to update article', 'destructive');
  });

  it('delete asks first; Cancel sends nothing; Delete sends DELETE, "Article deleted successfully"', async () => {
    const { calls, count } = setup({ 'DELETE /api/admin/news/n2': { status: 204 } });
    await waitFor(() => expect(screen.getAllByTestId('news-article')).toHaveLength(4));
    const opener = screen.getByRole('button', { name: 'Delete article: Roundhill launches weekly fund' });
    opener.focus();
    fireEvent.click(opener);
    let dialog = screen.getByRole('dialog', { name: 'Delete this article?' });
    expect(dialog.textContent).toContain('"Roundhill launches weekly fund" will be deleted permanently.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(opener);
    dialog = screen.getByRole('dialog', { name: 'Delete this article?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast('Success', 'Article deleted successfully');
    expect(calls.find((c) => c.method === 'DELETE')!.url.pathname).toBe('/api/admin/news/n2');
    await waitFor(() => expect(count('GET', '/api/admin/news')).toBe(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a failed delete: "Error" with the fallback when the server sends no message', async () => {
    setup({ 'DELETE /api/admin/news/n1': { status: 502 } });
    await waitFor(() => expect(screen.getAllByTestId('news-article')).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Delete article: YieldMax cuts QDTE payout' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Error', 'Failed to delete article', 'destructive');
  });
});

describe('News Management: ingestion', () => {
  it('starts ingestion: POST /api/admin/ingest-news (202) and the spec toast', async () => {
    const { calls } = setup({ 'POST /api/admin/ingest-news': { status: 202, body: { jobId: 'j1', name: 'ingest-news', status: 'queued', message: 'Queued' } } });
    fireEvent.click(screen.getByRole('button', { name: 'Ingest News Now' }));
    await expectToast('Success', 'News ingestion started. Check back in a minute for new articles.');
    expect(calls.filter((c) => c.url.pathname === '/api/admin/ingest-news')).toHaveLength(1);
  });

  // issue 29, W14: the job ended 0.13 s after the request, and the list said "No articles found" until a reload
  it('reads the list again when the ingestion job ends, following the job meanwhile', async () => {
    const job = (status: string) => ({ id: 'j1', name: 'ingest-news', status, requestedBy: 'owner', requestedAt: '2026-11-28T00:40:00.000Z', startedAt: null, finishedAt: null, attempts: 1, progress: null, summary: null, counts: null, reason: null });
    let jobReads = 0;
    const { count } = setup({
      'GET /api/admin/news': () => (jobReads >= 2 ? [published, review] : []),
      'POST /api/admin/ingest-news': { status: 202, body: { jobId: 'j1', name: 'ingest-news', status: 'queued', message: 'Queued' } },
      'GET /api/admin/jobs/j1': () => job(++jobReads >= 2 ? 'succeeded' : 'running'),
    });
    expect(await screen.findByText('No articles found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ingest News Now' }));
    await expectToast('Success', 'News ingestion started. Check back in a minute for new articles.');
    expect(await screen.findByRole('button', { name: 'Ingesting...' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(screen.getAllByTestId('news-article')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Ingest News Now' })).toHaveProperty('disabled', false);
    expect(count('GET', '/api/admin/jobs/j1')).toBe(2); // it stops asking once the job ended
  });

  it('a failed ingestion job says why', async () => {
    setup({
      'POST /api/admin/ingest-news': { status: 202, body: { jobId: 'j2', name: 'ingest-news', status: 'queued', message: 'Queued' } },
      'GET /api/admin/jobs/j2': { id: 'j2', name: 'ingest-news', status: 'failed', requestedBy: 'owner', requestedAt: '2026-11-28T00:40:00.000Z', startedAt: null, finishedAt: null, attempts: 1, progress: null, summary: null, counts: null, reason: 'every feed failed' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ingest News Now' }));
    await expectToast('News ingestion failed', 'every feed failed', 'destructive');
  });

  it("a refused start shows the server's message; none → the fallback", async () => {
    let answer: MockAnswer = { status: 409, body: { message: 'News ingestion is already running' } };
    setup({ 'POST /api/admin/ingest-news': () => answer });
    fireEvent.click(screen.getByRole('button', { name: 'Ingest News Now' }));
    await expectToast('Error', 'News ingestion is already running', 'destructive');
    answer = { status: 500 };
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ingest News Now' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Ingest News Now' }));
    await expectToast('Error', 'Failed to start news ingestion', 'destructive');
  });
});

describe('News Management: keywords', () => {
  it('view mode lists the keywords; edit saves them trimmed without empty entries', async () => {
    const { calls, count } = setup({ 'PUT /api/admin/news-keywords': { keywords: ['QDTE', 'Roundhill', 'yield max'] } });
    const list = await screen.findByRole('list', { name: 'Keywords' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['YieldMax', 'weekly dividend']);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Keywords' }));
    const field = screen.getByLabelText('Keywords') as HTMLTextAreaElement;
    expect(field.value).toBe('YieldMax, weekly dividend');
    fireEvent.change(field, { target: { value: ' QDTE ,, Roundhill,  yield max , ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Keywords' }));
    await expectToast('Success', 'News keywords updated successfully');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ keywords: ['QDTE', 'Roundhill', 'yield max'] });
    expect(screen.queryByLabelText('Keywords', { selector: 'textarea' })).toBeNull();
    await waitFor(() => expect(count('GET', '/api/admin/news-keywords')).toBe(2));
  });

  it('Cancel returns to view mode, sends nothing and reads the saved keywords again', async () => {
    const { calls, count } = setup();
    await screen.findByRole('list', { name: 'Keywords' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Keywords' }));
    fireEvent.change(screen.getByLabelText('Keywords'), { target: { value: 'something else' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit Keywords' })).toBeTruthy();
    await waitFor(() => expect(count('GET', '/api/admin/news-keywords')).toBe(2));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    // editing again starts from the saved keywords, not the cancelled text
    fireEvent.click(screen.getByRole('button', { name: 'Edit Keywords' }));
    expect((screen.getByLabelText('Keywords') as HTMLTextAreaElement).value).toBe('YieldMax, weekly dividend');
  });

  it('a failed save keeps the editor open with the error toast', async () => {
    setup({ 'PUT /api/admin/news-keywords': { status: 400, body: { message: 'At most 100 keywords' } } });
    await screen.findByRole('list', { name: 'Keywords' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Keywords' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Keywords' }));
    await expectToast('Error', 'At most 100 keywords', 'destructive');
    expect(screen.getByLabelText('Keywords')).toBeTruthy();
  });

  it('no keywords yet', async () => {
    setup({ 'GET /api/admin/news-keywords': { keywords: [] } });
    expect(await screen.findByText('No keywords yet: every ingested article waits in review.')).toBeTruthy();
  });
});

describe('News Management: purges', () => {
  for (const [kind, label, deleted, text] of [
    ['archived', 'Purge Archived', 12, 'Deleted 12 archived articles'],
    ['review', 'Purge Review', 3, 'Deleted 3 review articles'],
    ['published', 'Purge Published', 1, 'Deleted 1 published article'],
  ] as const) {
    it(`${label}: confirmation, POST /api/admin/news/purge-${kind}, "${text}", the list read again`, async () => {
      const { calls, count } = setup({ [`POST /api/admin/news/purge-${kind}`]: { deleted } });
      await waitFor(() => expect(screen.getAllByTestId('news-article')).toHaveLength(4));
      fireEvent.click(screen.getByRole('button', { name: label }));
      const dialog = screen.getByRole('dialog', { name: `Delete all ${kind} articles?` });
      expect(calls.some((c) => c.url.pathname.includes('purge'))).toBe(false);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete All' }));
      await expectToast('Success', text);
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([`/api/admin/news/purge-${kind}`]);
      await waitFor(() => expect(count('GET', '/api/admin/news')).toBe(2));
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  }

  it('a failed purge: "Error" with the server message, else the fallback', async () => {
    let answer: MockAnswer = { status: 503, body: { message: 'The news store is busy' } };
    setup({ 'POST /api/admin/news/purge-review': () => answer });
    fireEvent.click(screen.getByRole('button', { name: 'Purge Review' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete All' }));
    await expectToast('Error', 'The news store is busy', 'destructive');
    answer = { status: 500 };
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete All' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Delete All' }));
    await expectToast('Error', 'Failed to delete review articles', 'destructive');
  });

  it('Cancel closes the confirmation without purging', async () => {
    const { calls } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Purge Published' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

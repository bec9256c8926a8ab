// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DOMPurify from 'dompurify';
import { mockFetch, type MockAnswer, type MockRequest } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { expectToast, setting } from '../../../testing/content-fixtures.ts';
import { SettingsTab } from './settings-tab.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const footer = '<p>© 2026 WeeklyDiv</p><p>Not financial advice.</p>';
const nav: { items: Array<Record<string, string>> } = { items: [{ label: 'ETFs', path: '/etfs' }, { type: 'divider' }] };

function setup(handlers: Record<string, MockAnswer> = {}) {
  const calls = mockFetch({
    'GET /api/settings/footer_html': { html: footer },
    'GET /api/settings/header_nav': nav,
    'GET /api/admin/settings': [
      setting('footer_html', footer),
      setting('header_nav', nav),
      setting('site_name', 'WeeklyDiv'),
      setting('news_page_size', 20),
    ],
    ...handlers,
  });
  renderWithProviders(<SettingsTab />);
  const count = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path).length;
  return { calls, count };
}

const area = (label: string) => screen.getByLabelText(label) as HTMLTextAreaElement;

describe('Site Settings: footer', () => {
  // issue 29, W15: the browser parsing the raw `onclick` (in DOMPurify's inert document) logged a CSP error
  // on every keystroke; the server cleans the draft first and the browser only ever parses clean HTML
  it("edits the saved footer HTML with a live preview cleaned by the server; the browser never parses the raw handlers", async () => {
    const sanitize = vi.spyOn(DOMPurify, 'sanitize');
    const raw = '<p onclick="steal()">Hi <a href="javascript:alert(1)">x</a></p><script>alert(1)</script>';
    const { calls } = setup({ 'POST /api/admin/owner-html/preview': (request: MockRequest) => ({ html: (request.body as { html: string }).html === raw ? '<p>Hi <a>x</a></p>' : '' }) });
    await waitFor(() => expect(area('Footer HTML').value).toBe(footer));
    const preview = screen.getByTestId('footer-preview');
    expect(preview.innerHTML).toBe(footer); // the saved value is stored cleaned: nothing to ask
    fireEvent.change(area('Footer HTML'), { target: { value: raw } });
    await waitFor(() => expect(preview.innerHTML).toBe('<p>Hi <a>x</a></p>'));
    expect(calls.filter((c) => c.url.pathname === '/api/admin/owner-html/preview').map((c) => c.body)).toEqual([{ html: raw }]);
    expect(sanitize.mock.calls.some(([html]) => String(html).includes('onclick'))).toBe(false);
    sanitize.mockRestore();
  });

  it('saves with PUT {html}; "Footer HTML saved successfully"; the editor shows the stored (server-sanitised) value', async () => {
    const { calls, count } = setup({ 'PUT /api/admin/settings/footer_html': { html: '<p>New footer</p>' } });
    await waitFor(() => expect(area('Footer HTML').value).toBe(footer));
    fireEvent.change(area('Footer HTML'), { target: { value: '<p>New footer</p><script>x()</script>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Footer' }));
    await expectToast('Success', 'Footer HTML saved successfully');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ html: '<p>New footer</p><script>x()</script>' });
    expect(area('Footer HTML').value).toBe('<p>New footer</p>');
    // the footer setting is read again (the site footer shares its tag); the other editors are not
    await waitFor(() => expect(count('GET', '/api/settings/footer_html')).toBe(2));
    expect(count('GET', '/api/settings/header_nav')).toBe(1);
  });

  it('a failed save: the server\'s message, else "Failed to save footer HTML"', async () => {
    let answer: MockAnswer = { status: 400, body: { message: 'The footer may hold at most 20000 characters' } };
    setup({ 'PUT /api/admin/settings/footer_html': () => answer });
    await waitFor(() => expect(area('Footer HTML').value).toBe(footer));
    fireEvent.click(screen.getByRole('button', { name: 'Save Footer' }));
    await expectToast('Error', 'The footer may hold at most 20000 characters', 'destructive');
    answer = { status: 500 };
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Footer' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Save Footer' }));
    await expectToast('Error', 'Failed to save footer HTML', 'destructive');
  });
});

describe('Site Settings: header navigation', () => {
  it('shows the saved navigation as JSON and saves it as PUT {nav}: "Header navigation saved successfully"', async () => {
    const { calls } = setup({ 'PUT /api/admin/settings/header_nav': nav });
    await waitFor(() => expect(area('Header navigation JSON').value).toBe(JSON.stringify(nav, null, 2)));
    const next = { items: [{ label: 'Calendar', path: '/dividend-calendar' }] };
    fireEvent.change(area('Header navigation JSON'), { target: { value: JSON.stringify(next) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Navigation' }));
    await expectToast('Success', 'Header navigation saved successfully');
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ nav: next });
  });

  it('bad JSON: "Invalid JSON format. Please check your syntax." and nothing is sent', async () => {
    const { calls } = setup();
    await waitFor(() => expect(area('Header navigation JSON').value).not.toBe(''));
    fireEvent.change(area('Header navigation JSON'), { target: { value: '{"items": [' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Navigation' }));
    await expectToast('Error', 'Invalid JSON format. Please check your syntax.', 'destructive');
    const field = area('Header navigation JSON');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[1]!)!.textContent).toBe('Invalid JSON format. Please check your syntax.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    // typing clears the field's error
    fireEvent.change(field, { target: { value: '{"items": []}' } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('a bad shape: the server\'s message naming the item; no message → "Failed to save header navigation"', async () => {
    let answer: MockAnswer = { status: 400, body: { message: 'items[0]: a link needs a label and a path' } };
    setup({ 'PUT /api/admin/settings/header_nav': () => answer });
    await waitFor(() => expect(area('Header navigation JSON').value).not.toBe(''));
    fireEvent.change(area('Header navigation JSON'), { target: { value: '{"items": [{"label": "x"}]}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Navigation' }));
    await expectToast('Error', 'items[0]: a link needs a label and a path', 'destructive');
    expect(area('Header navigation JSON').getAttribute('aria-invalid')).toBe('true');
    answer = { status: 502 };
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Navigation' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Save Navigation' }));
    await expectToast('Error', 'Failed to save header navigation', 'destructive');
  });
});

describe('Site Settings: other settings', () => {
  it('lists the settings other than footer_html and header_nav; Save is disabled until something changed', async () => {
    setup();
    await waitFor(() => expect(screen.getAllByTestId('setting-row')).toHaveLength(2));
    expect((screen.getByLabelText('Value of site_name') as HTMLInputElement).value).toBe('WeeklyDiv');
    expect((screen.getByLabelText('Value of news_page_size') as HTMLInputElement).value).toBe('20');
    expect(screen.queryByLabelText('Value of footer_html')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save Settings' })).toHaveProperty('disabled', true);
  });

  it('saves one POST {key, value} per changed or added setting: "Settings saved successfully"', async () => {
    const { calls, count } = setup({ 'POST /api/admin/settings': (r: MockRequest) => ({ status: 200, body: r.body }) });
    await waitFor(() => expect(screen.getAllByTestId('setting-row')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Value of site_name'), { target: { value: 'WeeklyDiv Pro' } });
    fireEvent.change(screen.getByLabelText('Value of news_page_size'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Setting' }));
    const added = screen.getAllByTestId('setting-row')[2]!;
    fireEvent.change(within(added).getByLabelText('Key'), { target: { value: ' support_email ' } });
    fireEvent.change(within(added).getByLabelText('Value'), { target: { value: 'help@weeklydiv.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await expectToast('Success', 'Settings saved successfully');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { key: 'site_name', value: 'WeeklyDiv Pro' },
      { key: 'news_page_size', value: 30 },
      { key: 'support_email', value: 'help@weeklydiv.com' },
    ]);
    await waitFor(() => expect(count('GET', '/api/admin/settings')).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('button', { name: 'Save Settings' })).toHaveProperty('disabled', true);
    expect((screen.getByLabelText('Value of support_email') as HTMLInputElement).value).toBe('help@weeklydiv.com');
  });

  it('a new setting needs a key that is not taken and not one of the two editors above', async () => {
    const { calls } = setup();
    await waitFor(() => expect(screen.getAllByTestId('setting-row')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Add Setting' }));
    const added = () => screen.getAllByTestId('setting-row')[2]!;
    const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    save();
    expect(within(added()).getByText('Key is required')).toBeTruthy();
    fireEvent.change(within(added()).getByLabelText('Key'), { target: { value: 'footer_html' } });
    save();
    expect(within(added()).getByText('footer_html has its own editor above')).toBeTruthy();
    fireEvent.change(within(added()).getByLabelText('Key'), { target: { value: 'site_name' } });
    save();
    expect(within(added()).getByText('This key already exists')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove new setting site_name' }));
    expect(screen.getAllByTestId('setting-row')).toHaveLength(2);
  });

  it('a JSON value must stay valid JSON', async () => {
    const { calls } = setup();
    await waitFor(() => expect(screen.getAllByTestId('setting-row')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Value of news_page_size'), { target: { value: '30,' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(within(screen.getAllByTestId('setting-row')[1]!).getByText('Invalid JSON format. Please check your syntax.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a refused setting: "Error" with the server\'s message, else "Failed to save settings"', async () => {
    let answer: MockAnswer = { status: 400, body: { message: 'key: use letters, digits and underscores' } };
    setup({ 'POST /api/admin/settings': () => answer });
    await waitFor(() => expect(screen.getAllByTestId('setting-row')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Value of site_name'), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await expectToast('Error', 'key: use letters, digits and underscores', 'destructive');
    answer = { status: 500 };
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Settings' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await expectToast('Error', 'Failed to save settings', 'destructive');
  });
});

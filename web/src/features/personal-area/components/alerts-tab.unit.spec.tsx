// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertSettings } from '../../../../../contracts/alerts.ts';
import { mockFetch, type MockRequest } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { AlertsTab, alertTexts } from './alerts-tab.tsx';

const defaults: AlertSettings = { distributionChangeAlerts: true, distributionChangePercent: 10, exDateReminder: false };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const puts = (calls: MockRequest[]) => calls.filter((c) => c.method === 'PUT' && c.url.pathname === '/api/user/alerts');

describe('the Alerts tab', () => {
  it('shows the saved settings (10 %, distribution changes on, reminders off) and saves the changes with a toast', async () => {
    const calls = mockFetch({
      'GET /api/user/alerts': defaults,
      'PUT /api/user/alerts': (req: MockRequest) => ({ distributionChangeAlerts: true, ...(req.body as object) }),
    });
    renderWithProviders(<AlertsTab emailVerified />);
    const percent = (await screen.findByLabelText(alertTexts.percentLabel)) as HTMLInputElement;
    expect(percent.value).toBe('10');
    expect(screen.getByRole('switch', { name: alertTexts.changeLabel }).getAttribute('aria-checked')).toBe('true');
    const reminder = screen.getByRole('switch', { name: alertTexts.reminderLabel });
    expect(reminder.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByText(alertTexts.unverified)).toBeNull();

    fireEvent.change(percent, { target: { value: '15' } });
    fireEvent.click(reminder);
    fireEvent.click(screen.getByRole('button', { name: alertTexts.save }));
    expect(await screen.findByText(alertTexts.saved)).toBeTruthy();
    expect(puts(calls).map((c) => c.body)).toEqual([{ distributionChangeAlerts: true, distributionChangePercent: 15, exDateReminder: true }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: alertTexts.reminderLabel }).getAttribute('aria-checked')).toBe('true'));
  });

  it('refuses a threshold outside 1–100 or not whole, under the field, without a request', async () => {
    const calls = mockFetch({ 'GET /api/user/alerts': defaults });
    renderWithProviders(<AlertsTab emailVerified />);
    const percent = await screen.findByLabelText(alertTexts.percentLabel);
    for (const value of ['0', '101', '12.5', '']) {
      fireEvent.change(percent, { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: alertTexts.save }));
      expect(await screen.findByText(alertTexts.percentError)).toBeTruthy();
      expect(percent.getAttribute('aria-invalid')).toBe('true');
    }
    expect(puts(calls)).toEqual([]);
  });

  it('shows the server message when the save fails, and the verified-address note', async () => {
    mockFetch({
      'GET /api/user/alerts': { ...defaults, distributionChangeAlerts: false },
      'PUT /api/user/alerts': { status: 400, body: { message: 'distributionChangePercent must be a whole number from 1 to 100' } },
    });
    renderWithProviders(<AlertsTab emailVerified={false} />);
    expect(await screen.findByText(alertTexts.unverified)).toBeTruthy();
    // distribution changes off: the threshold cannot be edited
    expect((screen.getByLabelText(alertTexts.percentLabel) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: alertTexts.save }));
    expect(await screen.findByText(alertTexts.saveFailed)).toBeTruthy();
    expect(screen.getByText('distributionChangePercent must be a whole number from 1 to 100')).toBeTruthy();
  });

  it('says so when the settings cannot be loaded', async () => {
    mockFetch({ 'GET /api/user/alerts': { status: 500, body: { message: 'boom' } } });
    renderWithProviders(<AlertsTab emailVerified />);
    expect(await screen.findByText(alertTexts.loadFailed)).toBeTruthy();
  });
});

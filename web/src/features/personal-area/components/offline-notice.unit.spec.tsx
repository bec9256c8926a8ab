// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineNotice, WritesOff } from './offline-notice.tsx';

afterEach(cleanup);

describe('the personal area offline', () => {
  it('says it is offline, as of the kept answer in New York time, and that changes are disabled', () => {
    render(<OfflineNotice status={{ offline: true, online: false, asOf: '2026-11-23T21:00:00.000Z' }} />);
    const notice = screen.getByTestId('offline-notice');
    expect(notice.textContent).toBe("Offline — as of Nov 23, 4:00 PM ETYou're offline. Changes are disabled until you reconnect.");
    expect(notice.getAttribute('role')).toBe('status');
  });

  it('uses the time the answers arrived when the worker did not say', () => {
    render(<OfflineNotice status={{ offline: true, online: false, asOf: null }} fallbackAsOf={Date.parse('2026-11-24T14:30:00Z')} />);
    expect(screen.getByTestId('offline-notice').textContent).toContain('Offline — as of Nov 24, 9:30 AM ET');
  });

  it('shows nothing online', () => {
    render(<OfflineNotice status={{ offline: false, online: true, asOf: '2026-11-23T21:00:00.000Z' }} />);
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('disables every control inside while offline, and none online', () => {
    const controls = (
      <>
        <button type="button">Remove</button>
        <input aria-label="Shares" />
        <select aria-label="By">
          <option>Week</option>
        </select>
        <a href="/my-weeklydiv/income">Income and goal</a>
      </>
    );
    const { rerender } = render(<WritesOff offline>{controls}</WritesOff>);
    expect((screen.getByRole('button', { name: 'Remove' }) as HTMLButtonElement).matches(':disabled')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Shares' }).matches(':disabled')).toBe(true);
    expect(screen.getByRole('combobox', { name: 'By' }).matches(':disabled')).toBe(true);
    expect(screen.getByRole('link', { name: 'Income and goal' }).getAttribute('href')).toBe('/my-weeklydiv/income');
    rerender(<WritesOff offline={false}>{controls}</WritesOff>);
    expect(screen.getByRole('button', { name: 'Remove' }).matches(':disabled')).toBe(false);
  });
});

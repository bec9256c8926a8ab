// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../styles/theme.ts';
import { TOAST_DURATION_MS, ToastProvider, useToast, type ToastInput } from './toast.tsx';
import { Dialog } from './dialog.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>
  );
}
/** Renders the toast provider; returns its `toast` function. */
function renderToasts(): (t: ToastInput) => void {
  const { result } = renderHook(() => useToast(), { wrapper: Providers });
  return (t) => result.current.toast(t);
}

describe('toasts', () => {
  it('shows one at a time: a new toast replaces the visible one', () => {
    const show = renderToasts();
    act(() => show({ title: 'Added to favorites' }));
    act(() => show({ title: 'Failed to add favorite', description: 'boom', variant: 'destructive' }));
    const toasts = screen.getAllByTestId('toast');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]!.textContent).toContain('Failed to add favorite');
    expect(toasts[0]!.getAttribute('data-variant')).toBe('destructive');
    expect(screen.getByRole('alert').textContent).toContain('boom');
  });

  it('dismiss(id) takes away only that toast: a newer one stays', () => {
    const { result } = renderHook(() => useToast(), { wrapper: Providers });
    let first = 0;
    act(() => {
      first = result.current.toast({ title: 'Calculation Error', variant: 'destructive' });
    });
    act(() => result.current.dismiss(first));
    expect(screen.queryByTestId('toast')).toBeNull();
    act(() => {
      first = result.current.toast({ title: 'Calculation Error', variant: 'destructive' });
    });
    act(() => result.current.toast({ title: 'Added to favorites' }));
    act(() => result.current.dismiss(first));
    expect(screen.getByTestId('toast').textContent).toContain('Added to favorites');
  });

  it('hides itself after 5 seconds', () => {
    vi.useFakeTimers();
    const show = renderToasts();
    act(() => show({ title: 'Removed from favorites' }));
    expect(TOAST_DURATION_MS).toBe(5000);
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});

describe('dialog', () => {
  it('is a labelled modal that focuses its first field and closes on Escape', () => {
    const onClose = vi.fn();
    render(
      <ThemeProvider theme={theme}>
        <button type="button">opener</button>
        <Dialog open onClose={onClose} title="Add NVDW to Portfolio">
          <input aria-label="Number of Shares" />
          <button type="button">Cancel</button>
        </Dialog>
      </ThemeProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add NVDW to Portfolio' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Number of Shares'));
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps Tab inside', () => {
    render(
      <ThemeProvider theme={theme}>
        <Dialog open onClose={() => {}} title="T">
          <input aria-label="first" />
          <button type="button">last</button>
        </Dialog>
      </ThemeProvider>,
    );
    // The close button (x) is the first focusable, "last" the last one.
    const last = screen.getByRole('button', { name: 'last' });
    last.focus();
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../styles/theme.ts';
import { Pagination } from './pagination.tsx';

afterEach(cleanup);

function renderPager(page: number, totalPages: number, onChange = vi.fn()) {
  render(
    <ThemeProvider theme={theme}>
      <Pagination page={page} totalPages={totalPages} onChange={onChange} label="ETF pages" />
    </ThemeProvider>,
  );
  // by label, not role: jsdom does not evaluate media queries, so it applies the phone rule (display: none)
  // and the accessibility tree leaves those buttons out
  const numbers = [...document.querySelectorAll<HTMLButtonElement>('nav button[aria-label^="Page "]')];
  return {
    onChange,
    numbers: numbers.map((b) => Number(b.textContent)),
    /** The numbers a phone keeps (the others carry data-phone-hidden, hidden below `sm` by CSS). */
    phone: numbers.filter((b) => !b.hasAttribute('data-phone-hidden')).map((b) => Number(b.textContent)),
  };
}

describe('Pagination', () => {
  it('a window of 5 centred on the current page; a phone keeps the 3 nearest it', () => {
    expect(renderPager(5, 10)).toMatchObject({ numbers: [3, 4, 5, 6, 7], phone: [4, 5, 6] });
    cleanup();
    expect(renderPager(1, 10)).toMatchObject({ numbers: [1, 2, 3, 4, 5], phone: [1, 2, 3] });
    cleanup();
    expect(renderPager(10, 10)).toMatchObject({ numbers: [6, 7, 8, 9, 10], phone: [8, 9, 10] });
    cleanup();
    // the ETF database's 63 funds: 4 pages
    expect(renderPager(4, 4)).toMatchObject({ numbers: [1, 2, 3, 4], phone: [2, 3, 4] });
  });

  it('marks the current page and moves with Previous, Next and the numbers', () => {
    const { onChange } = renderPager(2, 4);
    expect(screen.getByLabelText('Page 2').getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByLabelText('Page 4'));
    expect(onChange.mock.calls).toEqual([[1], [3], [4]]);
  });

  it('Previous is disabled on the first page, Next on the last; nothing with a single page', () => {
    renderPager(1, 3);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
    cleanup();
    renderPager(3, 3);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    cleanup();
    render(
      <ThemeProvider theme={theme}>
        <Pagination page={1} totalPages={1} onChange={() => {}} />
      </ThemeProvider>,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

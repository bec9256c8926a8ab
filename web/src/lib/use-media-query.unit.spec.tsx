// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutOnly, settleServerLayouts, useLayoutQuery } from './use-media-query.ts';

const PHONE = '(max-width: 639.98px)';

/** A screen with a phone and a wide layout, as the calendar and the dividend history draw them. */
function Layouts() {
  const phone = useLayoutQuery(PHONE);
  return (
    <div>
      {phone !== false ? (
        <p {...layoutOnly(PHONE, true, phone)} data-testid="phone">
          phone
        </p>
      ) : null}
      {phone !== true ? (
        <p {...layoutOnly(PHONE, false, phone)} data-testid="wide">
          wide
        </p>
      ) : null}
    </div>
  );
}

function viewport(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone && query === PHONE, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** The server's HTML: rendered where there is no `matchMedia` and nothing was settled (jsdom has no matchMedia). */
const serverHtml = renderToString(<Layouts />);

describe('a layout chosen by the viewport, server-rendered', () => {
  it('the server draws both layouts, each marked with the answer it is kept for', () => {
    const html = serverHtml;
    expect(html).toContain(`data-layout-query="${PHONE}" data-layout-when="true"`);
    expect(html).toContain(`data-layout-query="${PHONE}" data-layout-when="false"`);
  });

  for (const phone of [true, false]) {
    it(`${phone ? 'a phone' : 'a wide screen'} keeps its layout only, and hydrates it without a mismatch`, async () => {
      const html = serverHtml;
      viewport(phone);
      const container = document.createElement('div');
      container.innerHTML = html;
      document.body.append(container);
      settleServerLayouts(container);
      const kept = phone ? 'phone' : 'wide';
      expect([...container.querySelectorAll('[data-testid]')].map((e) => e.getAttribute('data-testid'))).toEqual([kept]);
      expect(container.querySelector('[data-layout-query]')).toBeNull();
      const keptNode = container.querySelector(`[data-testid="${kept}"]`);
      const errors: unknown[] = [];
      const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
      await act(async () => {
        hydrateRoot(container, <Layouts />, { onRecoverableError: (error) => void errors.push(error) });
      });
      spy.mockRestore();
      expect(errors).toEqual([]);
      // hydrated in place: the server's node is React's now
      expect(container.querySelector(`[data-testid="${kept}"]`)).toBe(keptNode);
      expect(Object.keys(keptNode!).some((key) => key.startsWith('__reactFiber'))).toBe(true);
    });
  }
});

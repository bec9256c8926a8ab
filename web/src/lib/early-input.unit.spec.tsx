// @vitest-environment jsdom
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_CLICKS_SCRIPT } from '../../../contracts/early-clicks.ts';
import { noteEarlyInput, replayEarlyInput, takeEarlyClicks, whenIdle } from './early-input.ts';

/** A screen with the three kinds of field, each showing what its state holds. */
function Screen({ seen }: { seen: string[] }) {
  const [sort, setSort] = useState('yield');
  const [query, setQuery] = useState('');
  const [demo, setDemo] = useState(true);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        seen.push(`submit ${sort}|${query}`);
      }}
    >
      <select
        aria-label="Sort by"
        value={sort}
        onChange={(e) => {
          seen.push(`sort=${e.target.value}`);
          setSort(e.target.value);
        }}
      >
        <option value="yield">Yield</option>
        <option value="return">Return</option>
        <option value="trueIncomeRate">True Income Rate</option>
      </select>
      <input
        aria-label="Search"
        value={query}
        onChange={(e) => {
          seen.push(`query=${e.target.value}`);
          setQuery(e.target.value);
        }}
      />
      <input
        type="checkbox"
        aria-label="Demo"
        checked={demo}
        onChange={(e) => {
          seen.push(`demo=${e.target.checked}`);
          setDemo(e.target.checked);
        }}
      />
      <output>{`${sort}|${query}|${demo}`}</output>
      <button type="submit">Save</button>
      <button type="button" onClick={() => seen.push('favorite')}>
        Favorite
      </button>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The server's HTML in the page, as a browser shows it before the bundle runs. */
function serverPage(seen: string[]): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Screen seen={seen} />);
  document.body.append(container);
  return container;
}

const frame = (run: () => void) => void setTimeout(run, 5);

describe('early input on a server-rendered page', () => {
  it('notes only the fields whose value differs from the HTML', () => {
    const container = serverPage([]);
    expect(noteEarlyInput(container)).toEqual([]);
    container.querySelector('select')!.value = 'trueIncomeRate';
    container.querySelector<HTMLInputElement>('input[aria-label="Search"]')!.value = 'NVDW';
    const noted = noteEarlyInput(container);
    expect(noted.map((n) => n.value)).toEqual(['trueIncomeRate', 'NVDW']);
  });

  it('gives a select, a text field and a box changed before hydration to the app once hydrated: its handlers run with the person’s values', async () => {
    const seen: string[] = [];
    const container = serverPage(seen);
    container.querySelector('select')!.value = 'trueIncomeRate';
    container.querySelector<HTMLInputElement>('input[aria-label="Search"]')!.value = 'NVDW';
    container.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked = false;
    const noted = noteEarlyInput(container);
    expect(noted).toHaveLength(3);

    act(() => {
      root = hydrateRoot(container, <Screen seen={seen} />);
    });
    // hydrated, and no handler has heard the changes yet
    expect(seen).toEqual([]);
    expect(container.querySelector('output')!.textContent).toBe('yield||true');

    let replayed = 0;
    await act(async () => {
      replayed = await replayEarlyInput(noted, { frame });
    });
    expect(replayed).toBe(3);
    expect(seen).toEqual(['sort=trueIncomeRate', 'query=NVDW', 'demo=false']);
    expect(container.querySelector('output')!.textContent).toBe('trueIncomeRate|NVDW|false');
    expect(container.querySelector('select')!.value).toBe('trueIncomeRate');
  });

  it('waits for the field to be hydrated, and gives up on one that left the page', async () => {
    const seen: string[] = [];
    const container = serverPage(seen);
    container.querySelector('select')!.value = 'return';
    const gone = document.createElement('input');
    gone.defaultValue = 'a';
    gone.value = 'b';
    const noted = [...noteEarlyInput(container), { field: gone, value: 'b' }];
    const pending = replayEarlyInput(noted, { frame });
    // not hydrated yet: nothing given
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([]);
    act(() => {
      root = hydrateRoot(container, <Screen seen={seen} />);
    });
    let replayed = 0;
    await act(async () => {
      replayed = await pending;
    });
    expect(replayed).toBe(1);
    expect(seen).toEqual(['sort=return']);
  });

  it('holds a click on a button React does not own (no native submit), clicks it again once React owns it, after the values, and stops once all is React\'s', async () => {
    // the rendered page's inline script, run where it stands: before the content
    new Function(EARLY_CLICKS_SCRIPT)();
    const seen: string[] = [];
    const container = serverPage(seen);
    const nativeSubmits: string[] = [];
    container.querySelector('form')!.addEventListener('submit', () => nativeSubmits.push('submit'));
    const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name)!;
    container.querySelector<HTMLInputElement>('input[aria-label="Search"]')!.value = 'NVDW';
    button('Favorite').click();
    button('Save').click();
    // a second tap because nothing happened is the same request
    button('Save').click();
    expect(nativeSubmits).toEqual([]);
    const noted = noteEarlyInput(container);
    expect(noted.map((n) => n.value)).toEqual(['NVDW']);
    act(() => {
      root = hydrateRoot(container, <Screen seen={seen} />);
    });
    expect(seen).toEqual([]);
    let replayed = 0;
    await act(async () => {
      replayed = await replayEarlyInput(noted, { root: container, clicks: takeEarlyClicks, frame });
    });
    expect(replayed).toBe(3);
    expect(seen).toEqual(['query=NVDW', 'favorite', 'submit yield|NVDW']);
    // every button is React's: the holder has stopped and gone, and a click goes straight to React
    expect(takeEarlyClicks()).toEqual([]);
    button('Favorite').click();
    expect(seen).toEqual(['query=NVDW', 'favorite', 'submit yield|NVDW', 'favorite']);
  });

  it('lets a click on a button React owns through while it still holds one React does not', () => {
    new Function(EARLY_CLICKS_SCRIPT)();
    try {
      const owned = document.createElement('button');
      (owned as unknown as Record<string, unknown>)['__reactProps$test'] = {};
      const rendered = document.createElement('button');
      document.body.append(owned, rendered);
      const heard: string[] = [];
      owned.addEventListener('click', () => heard.push('owned'));
      rendered.addEventListener('click', () => heard.push('rendered'));
      owned.click();
      rendered.click();
      expect(heard).toEqual(['owned']);
      expect(takeEarlyClicks().map((c) => ('button' in c ? c.button : null))).toEqual([rendered]);
      // taken once; the holder goes on holding until told to stop
      expect(takeEarlyClicks()).toEqual([]);
      rendered.click();
      expect(takeEarlyClicks(true).map((c) => ('button' in c ? c.button : null))).toEqual([rendered]);
      rendered.click();
      expect(heard).toEqual(['owned', 'rendered']);
    } finally {
      takeEarlyClicks(true);
    }
  });

  it('without the holder (a page the client rendered) there are no early clicks', () => {
    expect(takeEarlyClicks()).toEqual([]);
  });
});

describe('whenIdle', () => {
  it('waits for an idle period where the browser offers one, else for a frame and a task', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    try {
      const ran: string[] = [];
      whenIdle(() => ran.push('idle'));
      expect(ran).toEqual([]);
      idle.shift()!();
      expect(ran).toEqual(['idle']);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(typeof globalThis.requestIdleCallback).toBe('undefined');
    const later = await new Promise<string>((resolve) => whenIdle(() => resolve('frame')));
    expect(later).toBe('frame');
  });
});

describe('a change while React hydrates', () => {
  it('a controlled field whose value in the page is not the one React holds is given again once hydrated; the others are left alone', async () => {
    const seen: string[] = [];
    const container = serverPage(seen);
    act(() => {
      root = hydrateRoot(container, <Screen seen={seen} />);
    });
    // changed after the fields were noted, and the event lost: the page shows the choice, React holds the old
    container.querySelector('select')!.value = 'return';
    let replayed = 0;
    await act(async () => {
      replayed = await replayEarlyInput([], { root: container, frame });
    });
    expect(replayed).toBe(1);
    expect(seen).toEqual(['sort=return']);
    expect(container.querySelector('output')!.textContent).toBe('return||true');
    // nothing differs now: nothing is given again
    await act(async () => {
      replayed = await replayEarlyInput([], { root: container, frame });
    });
    expect(replayed).toBe(0);
    expect(seen).toEqual(['sort=return']);
  });
});

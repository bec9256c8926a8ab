// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport.ts';

/** A stand-in IntersectionObserver: the test says when an observed element intersects. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  readonly callback: (entries: Partial<IntersectionObserverEntry>[]) => void;
  readonly options: IntersectionObserverInit;
  constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void, options: IntersectionObserverInit) {
    this.callback = callback;
    this.options = options;
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  fire(height: number) {
    this.callback(this.observed.map((target) => ({ target, isIntersecting: true, intersectionRect: { height } as DOMRectReadOnly })));
  }
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeObserver.instances = [];
});

function Probe({ later }: { later: boolean }) {
  const [shown, setShown] = useState(!later);
  const [ref, near] = useNearViewport<HTMLDivElement>('200px');
  return (
    <>
      <button type="button" onClick={() => setShown(true)}>
        show
      </button>
      {shown ? <div ref={ref}>{near ? 'near' : 'far'}</div> : null}
    </>
  );
}

describe('useNearViewport', () => {
  it('is false until the element intersects the margin-grown viewport, then true for good', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Probe later={false} />);
    expect(screen.getByText('far')).toBeTruthy();
    const observer = FakeObserver.instances.at(-1)!;
    expect(observer.options.rootMargin).toBe('200px');
    // touching the edge (no visible height) is not enough
    act(() => observer.fire(0));
    expect(screen.getByText('far')).toBeTruthy();
    act(() => observer.fire(12));
    expect(screen.getByText('near')).toBeTruthy();
    expect(observer.disconnected).toBe(true);
  });

  it('observes an element that mounts after the component (e.g. after a loading state)', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Probe later />);
    expect(FakeObserver.instances.flatMap((o) => o.observed)).toEqual([]);
    act(() => screen.getByRole('button', { name: 'show' }).click());
    const observer = FakeObserver.instances.at(-1)!;
    expect(observer.observed).toHaveLength(1);
    act(() => observer.fire(40));
    expect(screen.getByText('near')).toBeTruthy();
  });

  it('without IntersectionObserver everything counts as near', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe later={false} />);
    expect(screen.getByText('near')).toBeTruthy();
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useDrawnNearScreen } from '@/lib/after-first-screen';

// What lies below the fold on the first screen is drawn as it nears the screen, a part a frame, in
// tasks of its own; a later screen (back to the page) draws it whole at once, so a kept scroll
// position finds it there.

/** The browser's IntersectionObserver as jsdom lacks it: the test says which elements came near the screen. */
class Observer {
  static all = new Set<Observer>();
  watched = new Set<Element>();
  constructor(
    private readonly callback: (entries: Array<{ target: Element; isIntersecting: boolean }>) => void,
    readonly options: { rootMargin?: string },
  ) {
    Observer.all.add(this);
  }
  observe(el: Element) {
    this.watched.add(el);
  }
  disconnect() {
    this.watched.clear();
  }
  static near(...els: Element[]) {
    for (const o of [...Observer.all]) {
      const entries = els.filter((el) => o.watched.has(el)).map((target) => ({ target, isIntersecting: true }));
      if (entries.length) o.callback(entries);
    }
  }
}

function Part({ n }: { n: number }) {
  const [standIn, near] = useDrawnNearScreen<HTMLLIElement>();
  return near ? <li>part {n}</li> : <li ref={standIn} data-testid={`stand-in ${n}`} />;
}

function Parts({ total }: { total: number }) {
  return (
    <ul>
      {Array.from({ length: total }, (_, i) => (
        <Part key={i} n={i + 1} />
      ))}
    </ul>
  );
}

const frame = () => act(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 5))));
const drawn = () => screen.queryAllByText(/^part \d$/).map((el) => el.textContent);

describe('below the fold, drawn as it nears the screen', () => {
  beforeEach(() => {
    Observer.all.clear();
    Object.assign(window, { IntersectionObserver: Observer });
  });
  afterEach(() => {
    delete (window as Partial<typeof window>).IntersectionObserver;
  });

  it('draws nothing until a part nears the screen, then the parts that did one a frame; later screens draw all at once', async () => {
    const first = render(<Parts total={3} />);
    await frame();
    await frame();
    expect(drawn()).toEqual([]);
    // Half a screen below the screen counts as near.
    expect([...Observer.all][0]!.options.rootMargin).toBe('0px 0px 50% 0px');

    // Two parts come near together: one is drawn in a frame, the other in the next.
    await act(async () => Observer.near(screen.getByTestId('stand-in 1'), screen.getByTestId('stand-in 2')));
    await frame();
    expect(drawn()).toEqual(['part 1']);
    await frame();
    expect(drawn()).toEqual(['part 1', 'part 2']);
    // The third, never near, stays a stand-in.
    await frame();
    expect(drawn()).toEqual(['part 1', 'part 2']);
    first.unmount();

    render(<Parts total={4} />);
    expect(drawn()).toEqual(['part 1', 'part 2', 'part 3', 'part 4']);
  });
});

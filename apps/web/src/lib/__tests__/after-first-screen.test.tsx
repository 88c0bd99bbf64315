import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useRenderedInSteps } from '@/lib/after-first-screen';

// What lies below the fold on the first screen is drawn a part a frame, in tasks of its own; a later
// screen (back to the page) draws it whole at once, so a kept scroll position finds it there.

function Parts({ total }: { total: number }) {
  const steps = useRenderedInSteps(total);
  return (
    <ul>
      {Array.from({ length: steps }, (_, i) => (
        <li key={i}>part {i + 1}</li>
      ))}
    </ul>
  );
}

const frame = () => act(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 5))));

describe('below the fold in steps', () => {
  it('draws one part at first, then one more each frame, until all are there; later screens draw all at once', async () => {
    const first = render(<Parts total={4} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await frame();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(1);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(4));
    await frame();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    first.unmount();

    render(<Parts total={5} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });
});

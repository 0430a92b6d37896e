// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setRenderingWholePage } from './server-render';
import { useDeferredMount } from './use-deferred-mount';

function Page({ seen, clientOnly }: { seen: boolean[]; clientOnly?: boolean }) {
  const ready = useDeferredMount({ clientOnly });
  seen.push(ready);
  return <p>{ready ? 'everything' : 'first screen'}</p>;
}

describe('useDeferredMount', () => {
  afterEach(() => setRenderingWholePage(false));

  it('renders false first, then true in a second, background render', async () => {
    const seen: boolean[] = [];
    await act(async () => {
      render(<Page seen={seen} />);
    });
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(screen.getByText('everything')).toBeTruthy();
  });

  it("draws the whole page at once while a server's page is rendered or hydrated (docs/server-render.md)", async () => {
    setRenderingWholePage(true);
    const seen: boolean[] = [];
    await act(async () => {
      render(<Page seen={seen} />);
    });
    expect(seen.every(Boolean)).toBe(true);
  });

  it('keeps a part that depends on the device for the browser, even then', async () => {
    setRenderingWholePage(true);
    const seen: boolean[] = [];
    await act(async () => {
      render(<Page seen={seen} clientOnly />);
    });
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
  });
});

// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredMount } from './use-deferred-mount';

function Page({ seen }: { seen: boolean[] }) {
  const ready = useDeferredMount();
  seen.push(ready);
  return <p>{ready ? 'everything' : 'first screen'}</p>;
}

describe('useDeferredMount', () => {
  it('renders false first, then true in a second, background render', async () => {
    const seen: boolean[] = [];
    await act(async () => {
      render(<Page seen={seen} />);
    });
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(screen.getByText('everything')).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STILL_DRAWING_ATTRIBUTE, usePageDrawn, useStillDrawing } from './page-drawing';

afterEach(cleanup);

function Part({ drawing }: { drawing: boolean }) {
  useStillDrawing(drawing);
  return null;
}

function Footer() {
  return <p data-testid="drawn">{String(usePageDrawn())}</p>;
}

describe('usePageDrawn', () => {
  it('is false while any part of the page is still being drawn, and true once every part is in', async () => {
    const page = (a: boolean, b: boolean) => (
      <>
        <Part drawing={a} />
        <Part drawing={b} />
        <Footer />
      </>
    );
    const { rerender, unmount } = render(page(true, true));
    expect(screen.getByTestId('drawn').textContent).toBe('false');
    await act(async () => rerender(page(false, true)));
    expect(screen.getByTestId('drawn').textContent).toBe('false');
    await act(async () => rerender(page(false, false)));
    expect(screen.getByTestId('drawn').textContent).toBe('true');
    // A part that goes away while still drawing does not hold the page for ever.
    await act(async () => rerender(page(true, false)));
    expect(screen.getByTestId('drawn').textContent).toBe('false');
    unmount();
    render(<Footer />);
    expect(screen.getByTestId('drawn').textContent).toBe('true');
  });

  it('is false while the page holds a part marked as still to be drawn, before that part has run at all', async () => {
    // As a page the server rendered without its lower part: the marked element is there
    // before the browser has hydrated the component that draws it.
    const Marked = ({ drawing }: { drawing: boolean }) => <div {...(drawing ? { [STILL_DRAWING_ATTRIBUTE]: '' } : {})} />;
    const { rerender } = render(
      <>
        <Marked drawing />
        <Footer />
      </>,
    );
    expect(screen.getByTestId('drawn').textContent).toBe('false');
    await act(async () =>
      rerender(
        <>
          <Marked drawing={false} />
          <Part drawing={false} />
          <Footer />
        </>,
      ),
    );
    expect(screen.getByTestId('drawn').textContent).toBe('true');
  });
});

// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageDrawn } from './page-drawing';
import { useDrawnInSteps } from './use-drawn-in-steps';

/** Seven pieces, each an element once drawn; every commit notes how many were in the page. */
function Week({ week, commits, drawnSeen }: { week: string; commits: number[]; drawnSeen?: boolean[] }) {
  const count = useDrawnInSteps(7, 2, week);
  const pageDrawn = usePageDrawn();
  useLayoutEffect(() => {
    commits.push(document.querySelectorAll('[data-piece]').length);
    drawnSeen?.push(pageDrawn);
  });
  return (
    <div>
      {Array.from({ length: 7 }, (_, i) => (
        <section key={`${week}-${i}`}>{i < count && <p data-piece={i}>{week}</p>}</section>
      ))}
    </div>
  );
}

/** Lets the hook's next tasks run, inside act, until `done` or for twenty tasks at most. */
async function tasks(done: () => boolean) {
  for (let i = 0; i < 20 && !done(); i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/** The counts of the commits that changed what was drawn (a commit for the page's drawing state alone repeats one). */
const changes = (commits: number[]) => commits.filter((n, i) => i === 0 || n !== commits[i - 1]);

describe('useDrawnInSteps', () => {
  afterEach(cleanup);

  it('commits the first pieces at once, then one more a commit, until all are in', async () => {
    const commits: number[] = [];
    await act(async () => {
      render(<Week week="a" commits={commits} />);
    });
    await tasks(() => commits.at(-1) === 7);
    expect(changes(commits)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('starts again from the first pieces for another key, in the same render', async () => {
    const commits: number[] = [];
    let show: (week: string) => void = () => {};
    function Switcher() {
      const [week, setWeek] = useState('a');
      show = setWeek;
      return <Week week={week} commits={commits} />;
    }
    await act(async () => {
      render(<Switcher />);
    });
    await tasks(() => commits.at(-1) === 7);
    commits.length = 0;
    await act(async () => show('b'));
    await tasks(() => commits.length > 0 && commits.at(-1) === 7);
    // Never the new week's seven at once, nor a commit with the old week's count.
    expect(changes(commits)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('keeps the page drawing until the last piece is in', async () => {
    const commits: number[] = [];
    const drawnSeen: boolean[] = [];
    await act(async () => {
      render(<Week week="a" commits={commits} drawnSeen={drawnSeen} />);
    });
    await tasks(() => drawnSeen.at(-1) === true);
    expect(commits.at(-1)).toBe(7);
    // Not drawn while a piece is missing (after the first commit, whose effects mark it), drawn once all are in.
    expect(drawnSeen.filter((drawn, i) => i > 0 && drawn && commits[i]! < 7)).toEqual([]);
    expect(drawnSeen.at(-1)).toBe(true);
  });
});

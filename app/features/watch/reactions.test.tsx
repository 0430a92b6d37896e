// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FloatingReactions, REACTION_VISIBLE_MS, Reactions, useFloatingReactions } from './reactions';

const REACTIONS = [
  { emoji: 'fire', label: 'React with fire' },
  { emoji: 'praise', label: 'React with praise hands' },
];

function Harness() {
  const { floating, add } = useFloatingReactions();
  return (
    <>
      <Reactions reactions={REACTIONS} onReact={add} />
      <FloatingReactions floating={floating} />
    </>
  );
}

describe('reactions', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows a pressed reaction for 2 seconds, then removes it', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'React with fire' }));
    expect(screen.getAllByTestId('floating-reaction').map((e) => e.querySelector('[data-reaction]')?.getAttribute('data-reaction'))).toEqual(['fire']);
    act(() => vi.advanceTimersByTime(REACTION_VISIBLE_MS - 1));
    expect(screen.queryAllByTestId('floating-reaction')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryAllByTestId('floating-reaction')).toHaveLength(0);
  });

  it('keeps each reaction for its own 2 seconds', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'React with fire' }));
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'React with praise hands' }));
    expect(screen.getAllByTestId('floating-reaction').map((e) => e.querySelector('[data-reaction]')?.getAttribute('data-reaction'))).toEqual(['fire', 'praise']);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getAllByTestId('floating-reaction').map((e) => e.querySelector('[data-reaction]')?.getAttribute('data-reaction'))).toEqual(['praise']);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryAllByTestId('floating-reaction')).toHaveLength(0);
  });

  it('caps a burst of taps', () => {
    render(<Harness />);
    const fire = screen.getByRole('button', { name: 'React with fire' });
    for (let i = 0; i < 100; i++) fireEvent.click(fire);
    expect(screen.getAllByTestId('floating-reaction').length).toBeLessThanOrEqual(24);
    act(() => vi.advanceTimersByTime(REACTION_VISIBLE_MS));
    expect(screen.queryAllByTestId('floating-reaction')).toHaveLength(0);
  });
});

// @vitest-environment happy-dom
import { createRoot, type Root } from 'react-dom/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { microtasks, scheduledAsInBrowser, task } from '../../test/scheduled-as-in-browser';
import { createListeners } from '../../lib/listeners';
import { useReminderState, type ReminderState } from './reminders';

/** A store the test answers for: not loaded, then loaded with `showIds`, each change told to the listeners. */
function fakeStore() {
  let state: ReminderState = { loaded: false, block: null, showIds: new Set(), busy: new Set(), error: null };
  const listeners = createListeners();
  return {
    subscribe: listeners.subscribe,
    get: () => state,
    set(patch: Partial<ReminderState>) {
      state = { ...state, ...patch };
      listeners.notify();
    },
  };
}

function Buttons({ store }: { store: ReturnType<typeof fakeStore> }) {
  const { loaded, showIds, busy } = useReminderState(store);
  if (!loaded) return null;
  return <p>{`set ${showIds.size}, busy ${busy.size}`}</p>;
}

describe('useReminderState', () => {
  let root: Root;
  const page = scheduledAsInBrowser(() => root.unmount());
  let container: HTMLElement;
  beforeEach(() => {
    container = page.container();
    root = createRoot(container);
  });

  it("draws the store's first answer as a transition, in a later task, and a tap's change at once", async () => {
    const store = fakeStore();
    root.render(<Buttons store={store} />);
    for (let i = 0; i < 5; i++) await task();
    expect(container.textContent).toBe('');

    store.set({ loaded: true, showIds: new Set(['a']) });
    await microtasks();
    // A store read with useSyncExternalStore was drawn here, in one synchronous render of
    // every card's button (issue 43).
    expect(container.textContent).toBe('');
    for (let i = 0; i < 5 && container.textContent === ''; i++) await task();
    expect(container.textContent).toBe('set 1, busy 0');

    store.set({ busy: new Set(['a']) });
    for (let i = 0; i < 5 && container.textContent === 'set 1, busy 0'; i++) await task();
    expect(container.textContent).toBe('set 1, busy 1');
  });

  it('takes an answer that came before it subscribed', async () => {
    const store = fakeStore();
    root.render(<Buttons store={store} />);
    store.set({ loaded: true, showIds: new Set(['a', 'b']) });
    for (let i = 0; i < 10 && container.textContent === ''; i++) await task();
    expect(container.textContent).toBe('set 2, busy 0');
  });
});

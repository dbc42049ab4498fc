import { useSyncExternalStore } from 'react';

/**
 * A small state container an island's actions read and change outside React's render (an ajax
 * reply arriving, a timer firing) while its components render from it: the state lives here, not
 * in the DOM, and every reader sees the latest value (no stale closure in a long-running request).
 */
export interface Store<T> {
  get(): T;
  set(change: Partial<T> | ((state: T) => Partial<T>)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(change) {
      const next = typeof change === 'function' ? change(state) : change;
      state = { ...state, ...next };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store's state, re-rendering the component on every change. */
export function useStore<T extends object>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

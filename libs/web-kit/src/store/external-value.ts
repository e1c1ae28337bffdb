import { useSyncExternalStore } from 'react';

/** A value outside React that components read and re-render on (page-wide state of no slice: one module's own). */
export interface ExternalValue<T> {
  get(): T;
  /** Sets it; listeners hear only a change. */
  set(value: T): void;
  /** The value, in a component, re-rendering when it changes. */
  useValue(): T;
}

export function externalValue<T>(initial: T): ExternalValue<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    useValue: () =>
      useSyncExternalStore(
        subscribe,
        () => value,
        () => initial,
      ),
  };
}

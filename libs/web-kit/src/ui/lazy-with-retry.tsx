import { lazy, Suspense, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LoadErrorBoundary } from './load-error-boundary.js';

export interface LazyWithRetryOptions {
  /**
   * Shown while the chunk loads, in a Suspense of its own (`null`: nothing). Without it the nearest Suspense above
   * waits for the chunk, so a navigation (a transition) keeps the page being left on screen meanwhile.
   */
  fallback?: ReactNode;
}

export type LazyWithRetry<Props> = ComponentType<Props> & {
  /** Starts loading the chunk before it is rendered (e.g. while the page's data loads). */
  preload(): void;
};

/**
 * `React.lazy` for a chunk that may fail to load (a remote, a page, a dialog, a chart). The component renders inside
 * {@link LoadErrorBoundary}: a failure shows the translated "could not be loaded" with Retry in its place, never a
 * blank page, and Retry (or opening another path) loads the chunk again without reloading the page. `React.lazy`
 * keeps a rejected import for good, so each new attempt is a new lazy component over `load`.
 */
// The same constraint as React.lazy's: any component type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithRetry<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  options: LazyWithRetryOptions = {},
): LazyWithRetry<ComponentProps<T>> {
  type Rendered = ComponentType<ComponentProps<T>>;
  let loaded: Rendered | null = null;
  let preloading: Promise<unknown> | null = null;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default as Rendered;
      return module;
    });
  let current = lazy(loadAndKeep) as Rendered;
  function RetryableLazy(props: ComponentProps<T>) {
    const [attempt, setAttempt] = useState(0);
    const { pathname } = useLocation();
    // A chunk already loaded renders at once: React.lazy would still suspend on its first render, and a Suspense
    // revealed after its fallback waits up to 300 ms (React's fallback throttle). Chosen once per mount (and retry):
    // a type that changed between renders would mount the component afresh.
    const [Component, setComponent] = useState<Rendered>(() => loaded ?? current);
    const content = <Component {...props} />;
    return (
      <LoadErrorBoundary
        key={attempt}
        resetKey={pathname}
        onRetry={() => {
          current = lazy(loadAndKeep) as Rendered;
          setComponent(() => current);
          setAttempt((n) => n + 1);
        }}
      >
        {options.fallback === undefined ? (
          content
        ) : (
          <Suspense fallback={options.fallback}>{content}</Suspense>
        )}
      </LoadErrorBoundary>
    );
  }
  return Object.assign(RetryableLazy, {
    preload() {
      // A failed preload is forgotten: the render loads the chunk again and shows the failure with Retry.
      preloading ??= loadAndKeep().catch(() => {
        preloading = null;
      });
    },
  });
}

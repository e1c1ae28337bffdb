import {
  lazy,
  Suspense,
  useState,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import { LoadErrorBoundary } from './load-error-boundary.js';

export interface LazyWithRetryOptions {
  /**
   * Shown while the chunk loads, in a Suspense of its own (`null`: nothing). Without it the nearest Suspense above
   * waits for the chunk, so a navigation (a transition) keeps the page being left on screen meanwhile.
   */
  fallback?: ReactNode;
}

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
): ComponentType<ComponentProps<T>> {
  let current: LazyExoticComponent<T> = lazy(load);
  function RetryableLazy(props: ComponentProps<T>) {
    const [attempt, setAttempt] = useState(0);
    const { pathname } = useLocation();
    const Component = current as ComponentType<ComponentProps<T>>;
    const content = <Component {...props} />;
    return (
      <LoadErrorBoundary
        key={attempt}
        resetKey={pathname}
        onRetry={() => {
          current = lazy(load);
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
  return RetryableLazy;
}

import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'react-router';
import { Loading } from '../ui/loading.js';
import { RemoteErrorBoundary } from './remote-error-boundary.js';
import { loadRemoteModule } from './remote-loader.js';

/** What every remote exposes as `./routes`: a default-exported component rendering its `<Routes>`. */
export interface RemoteRoutesModule {
  default: ComponentType;
}

const components = new Map<string, LazyExoticComponent<ComponentType>>();

function remoteComponent(request: string): LazyExoticComponent<ComponentType> {
  let component = components.get(request);
  if (!component) {
    component = lazy(async () => {
      const module = await loadRemoteModule<RemoteRoutesModule>(request);
      if (typeof module.default !== 'function' && typeof module.default !== 'object') {
        throw new Error(`"${request}" has no default-exported component`);
      }
      return { default: module.default };
    });
    components.set(request, component);
  }
  return component;
}

/** Forgets a failed lazy component so the next render really loads the remote again. */
function forgetRemoteComponent(request: string): void {
  components.delete(request);
}

export interface RemoteRoutesProps {
  /** Remote name as listed in /remotes.json: `plans`, `behaviors`, `billing`, `admin`. */
  remote: string;
  /** Exposed module; every remote exposes `./routes`. */
  module?: string;
}

/**
 * Renders a remote's routes, loading the remote the first time one of its routes opens. Wrapped in
 * {@link RemoteErrorBoundary} + Suspense: a failure shows the translated error with Retry (which loads
 * the remote again, no page reload) and leaves the rest of the shell usable.
 */
export function RemoteRoutes({ remote, module = 'routes' }: RemoteRoutesProps) {
  const request = `${remote}/${module}`;
  const [attempt, setAttempt] = useState(0);
  const { pathname } = useLocation();
  const Routes = remoteComponent(request);
  return (
    <RemoteErrorBoundary
      key={`${request}#${attempt}`}
      resetKey={pathname}
      onRetry={() => {
        forgetRemoteComponent(request);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<Loading />}>
        <Routes />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

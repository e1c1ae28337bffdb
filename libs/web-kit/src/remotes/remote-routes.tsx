import type { ComponentType } from 'react';
import type { AppDispatch } from '../store/store.js';
import { lazyWithRetry } from '../ui/lazy-with-retry.js';
import { Loading } from '../ui/loading.js';
import { loadRemoteModule } from './remote-loader.js';

/**
 * What every remote exposes as `./routes`: a default-exported component rendering its `<Routes>`, and, for a remote
 * with child pages, `keepChildCopies`: reads what those pages read for one child, as they read it, so that the
 * service worker keeps a copy of a child this phone never opened (issue 16, ADR 0039).
 */
export interface RemoteRoutesModule {
  default: ComponentType;
  keepChildCopies?: (dispatch: AppDispatch, childId: string) => Promise<void>;
}

const components = new Map<string, ComponentType>();

function remoteComponent(request: string): ComponentType {
  let component = components.get(request);
  if (!component) {
    component = lazyWithRetry(
      async () => {
        const module = await loadRemoteModule<RemoteRoutesModule>(request);
        if (typeof module.default !== 'function' && typeof module.default !== 'object') {
          throw new Error(`"${request}" has no default-exported component`);
        }
        return { default: module.default };
      },
      { fallback: <Loading /> },
    );
    components.set(request, component);
  }
  return component;
}

export interface RemoteRoutesProps {
  /** Remote name as listed in /remotes.json: `plans`, `behaviors`, `billing`, `admin`. */
  remote: string;
  /** Exposed module; every remote exposes `./routes`. */
  module?: string;
}

/** Lays out nothing itself: the remote's content sits in the page as if the marker were not there. */
const MARKER_STYLE = { display: 'contents' } as const;

/**
 * Renders a remote's routes, loading the remote the first time one of its routes opens. Through
 * {@link lazyWithRetry}: a failure shows the translated error with Retry (which loads the remote again, manifest
 * included, no page reload) and leaves the rest of the shell usable. The routes sit in a `data-remote="<name>"`
 * marker, so checks of the page (the e2e accessibility audit) can tell a remote's screens from the shell's.
 */
export function RemoteRoutes({ remote, module = 'routes' }: RemoteRoutesProps) {
  const Routes = remoteComponent(`${remote}/${module}`);
  return (
    <div data-remote={remote} style={MARKER_STYLE}>
      <Routes />
    </div>
  );
}

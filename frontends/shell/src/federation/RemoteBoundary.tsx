import { Container, Skeleton, space } from '@b2g/ui';
import { css } from '@emotion/react';
import {
  Component,
  lazy,
  type ComponentType,
  Suspense,
  useCallback,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import type { RemoteName } from '../routes.js';
import { RemoteRetryContext, RemoteUnavailable } from './RemoteUnavailable.js';

interface ErrorBoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote that fails to load or to render; the rest of the page keeps working. */
export class RemoteErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[federation] a remote failed', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) return <RemoteUnavailable onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

export function RemoteLoading() {
  return (
    <Container>
      <div
        role="status"
        aria-label="Loading"
        css={css({ display: 'grid', gap: space[4], padding: `${space[10]} 0` })}
      >
        <Skeleton css={css({ height: '36px', width: '40%' })} />
        <Skeleton css={css({ height: '16px', width: '70%' })} />
        <Skeleton css={css({ height: '160px' })} />
      </div>
    </Container>
  );
}

export type RemoteLoader = (
  remote: RemoteName,
  module: string,
) => Promise<{ default: ComponentType }>;

export interface RemoteBoundaryProps {
  remote: RemoteName;
  module: string;
  /** How the module arrives: the federation runtime (`loadRemoteComponent`), or an import. */
  load: RemoteLoader;
  /** Forgets a failed remote before a Retry (the federation runtime's `resetRemote`). */
  reset?: ((remote: RemoteName) => void) | undefined;
}

/** Modules loaded ahead of their page (see preloadRemoteModule), per loader, by `remote/module`. */
const preloaded = new WeakMap<RemoteLoader, Map<string, ComponentType>>();

function preloadedBy(load: RemoteLoader): Map<string, ComponentType> {
  let modules = preloaded.get(load);
  if (modules === undefined) {
    modules = new Map();
    preloaded.set(load, modules);
  }
  return modules;
}

/**
 * Loads a page's module before its page renders (see startFirstPage): the page then shows it at
 * once instead of suspending. Never rejects: a failure is left to the page's own load, which
 * shows it with a Retry.
 */
export async function preloadRemoteModule(
  load: RemoteLoader,
  remote: RemoteName,
  module: string,
): Promise<void> {
  try {
    const loaded = await load(remote, module);
    preloadedBy(load).set(`${remote}/${module}`, loaded.default);
  } catch {
    // The page's own load tries again and shows the failure.
  }
}

/**
 * A module loaded ahead renders at once. Any other goes through a lazy component, which
 * suspends: React then shows the loading state for at least 300 ms, however soon the module
 * arrives. Built once per mount: a Retry remounts it, so a failed import is not reused.
 */
function LazyRemote({
  remote,
  module,
  load,
}: {
  remote: RemoteName;
  module: string;
  load: RemoteLoader;
}) {
  const [RemoteComponent] = useState(
    () => preloadedBy(load).get(`${remote}/${module}`) ?? lazy(() => load(remote, module)),
  );
  return <RemoteComponent />;
}

/** Suspense + error boundary around one remote module, with a Retry that loads it afresh. */
export function RemoteBoundary({ remote, module, load, reset }: RemoteBoundaryProps) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    // What was loaded ahead may be the unavailable view the runtime gives for a failed remote.
    preloadedBy(load).delete(`${remote}/${module}`);
    reset?.(remote);
    setAttempt((n) => n + 1);
  }, [load, remote, module, reset]);
  return (
    <RemoteRetryContext.Provider value={retry}>
      <RemoteErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<RemoteLoading />}>
          <LazyRemote key={attempt} remote={remote} module={module} load={load} />
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteRetryContext.Provider>
  );
}

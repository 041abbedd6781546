import { lazy, Suspense, useEffect, useState } from 'react';
import { loadIdleCodeNow, whenIdle } from '../../lib/when-idle';
import { hasPendingToast } from './pending-toast';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * The toasts' region (Ark UI's toaster), mounted at the visitor's first intent: no page shows a toast before the visitor
 * has done something, and one asked for earlier waits for the region (see `toast`). At once when the previous page
 * kept a toast for this one (`toastAcrossReload`), which the region shows.
 */
export function LazyToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (hasPendingToast()) loadIdleCodeNow();
    let live = true;
    void whenIdle().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

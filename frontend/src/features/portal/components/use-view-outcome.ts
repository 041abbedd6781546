import { useEffect, useRef } from 'react';
import type { ViewerStatus } from './viewer-shell';

/**
 * Records the view once the viewer knows how it went (D33, D37): `onOutcome(true)` the first time the dashboard has
 * loaded, `onOutcome(false)` the first time it failed, each at most once per viewer, also under React's development
 * double effects. A preload never mounts the viewer, so it records nothing; a page left while it loads records
 * nothing either. The server counts a failed load followed by one that loaded ('Try again') as one that loaded.
 */
export function useViewOutcome(status: ViewerStatus | 'checking', onOutcome: ((loaded: boolean) => void) | undefined) {
  const reported = useRef(new Set<boolean>());
  const onOutcomeRef = useRef(onOutcome);
  onOutcomeRef.current = onOutcome;
  useEffect(() => {
    if (status !== 'loaded' && status !== 'failed') return;
    const loaded = status === 'loaded';
    if (reported.current.has(loaded)) return;
    reported.current.add(loaded);
    onOutcomeRef.current?.(loaded);
  }, [status]);
}

import { EMBED_STARTING_MESSAGE } from '@app/contracts';
import { Power } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { IconCircle } from '../../../components/ui/status-message';

/** A capacity usually starts in a minute or two: the bar fills over this, then waits near its end. */
const EXPECTED_MS = 120_000;

/**
 * In place of the skeleton while the dashboard's Power BI capacity starts (issue 29): 'Starting your dashboard…' with
 * a bar that moves, so the person knows something is happening. The viewer asks again meanwhile and shows the report
 * once the capacity is active, or 'Work in Progress' if it does not start in time.
 */
export function CapacityStarting({ since }: { since: number }) {
  const headingId = useId();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const elapsed = Math.max(0, now - since);
  // Fills quickly at first, then slower: never full before the report comes.
  const percent = Math.round(95 * (1 - Math.exp(-elapsed / (EXPECTED_MS / 2.5))));
  return (
    <div
      role="status"
      aria-labelledby={headingId}
      className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-white px-6 text-center dark:bg-slate-900"
      data-testid="capacity-starting"
    >
      <IconCircle icon={Power} tone="sky" />
      <h2 id={headingId} className="text-xl font-semibold text-slate-900 dark:text-white">
        {EMBED_STARTING_MESSAGE}
      </h2>
      <p className="max-w-md text-slate-600 dark:text-slate-300">
        It was resting while nobody used it. It is waking up and will open by itself in a minute or two.
      </p>
      <div
        role="progressbar"
        aria-label="Starting progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full max-w-sm overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-sky-600 transition-[width] duration-1000"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

import type { Subscription } from '@app/contracts';
import { Badge } from '../../../components/ui/badge';
import { RUN_STATES, when } from './schedule-words';

/** 'All members', '2 chosen', with how many unsubscribed. */
export const recipientsWords = (s: Subscription) =>
  `${s.recipients === 'all-members' ? 'All members' : `${s.recipients.length} chosen`}${s.unsubscribed ? ` (${s.unsubscribed} unsubscribed)` : ''}`;

/** The subscription's latest run: its state, when, and what went wrong if anything. */
export function LastRun({ s }: { s: Subscription }) {
  if (!s.lastRun) return <span className="text-slate-500 dark:text-slate-400">Not sent yet</span>;
  const state = RUN_STATES[s.lastRun.state];
  return (
    <div className="flex flex-col gap-1">
      <span className="flex flex-wrap items-center gap-2">
        <Badge variant={state.variant}>{state.label}</Badge>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {when(s.lastRun.finishedAt ?? s.lastRun.createdAt)}
        </span>
      </span>
      {s.lastRun.error ? (
        <span className="max-w-xs text-xs text-red-700 dark:text-red-400" data-testid="subscription-error">
          {s.lastRun.error}
        </span>
      ) : null}
    </div>
  );
}

import type { Consultation } from '@app/contracts';
import { formatDateTime, formatSlotIn } from '../utils/format';

const by = (change: Consultation['history'][number]) =>
  change.changedBy === 'admin'
    ? `by ${change.actorName ?? 'an administrator'}`
    : change.changedBy === 'visitor'
      ? 'by the visitor'
      : 'in the scheduling service';

/** A consultation's history (issue 16): each move and cancellation, when, from, to and by whom; oldest first. */
export function ConsultationHistory({ consultation }: { consultation: Consultation }) {
  if (consultation.history.length === 0) return <span className="text-slate-500 dark:text-slate-400">-</span>;
  const zone = consultation.timeZone;
  return (
    <ol className="flex flex-col gap-1.5 text-xs" data-testid="consultation-history">
      {consultation.history.map((change) => (
        <li key={change.id} data-testid="consultation-change" data-kind={change.kind}>
          <span className="font-semibold text-slate-800 dark:text-slate-200">
            {change.kind === 'rescheduled' ? 'Moved' : 'Cancelled'} {by(change)}
          </span>
          <span className="block text-slate-600 dark:text-slate-400">
            {change.kind === 'rescheduled' && change.toStartsAt
              ? `from ${formatSlotIn(change.fromStartsAt, change.fromEndsAt, zone)} to ${formatSlotIn(change.toStartsAt, change.toEndsAt, zone)}`
              : `was ${formatSlotIn(change.fromStartsAt, change.fromEndsAt, zone)}`}
          </span>
          <span className="block text-slate-500 dark:text-slate-400">on {formatDateTime(change.createdAt, '-')}</span>
        </li>
      ))}
    </ol>
  );
}

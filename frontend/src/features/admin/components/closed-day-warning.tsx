import type { Consultation } from '@app/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { RescheduleDialogComponent } from '../../../lib/consultation-reschedule';
import { formatSlotIn } from '../utils/format';
import { ConsultationActions, useRescheduling } from './consultation-actions';

/**
 * The confirmed consultations of a day the admin asked to close (the server's 409): each can be moved (the admin
 * reschedule dialog) or cancelled (the visitor and the company are e-mailed) before the day is closed, or the day
 * closed anyway (they stay booked). A consultation moved or cancelled here leaves the list.
 */
export function ClosedDayWarning({
  day,
  consultations,
  RescheduleDialog,
  closing,
  onClose,
  onKeepOpen,
}: {
  /** The day, written out. */
  day: string;
  consultations: Consultation[];
  RescheduleDialog?: RescheduleDialogComponent | undefined;
  closing: boolean;
  /** Closes the day; `confirm` when consultations are still booked on it. */
  onClose: (confirm: boolean) => void;
  onKeepOpen: () => void;
}) {
  const [left, setLeft] = useState(consultations);
  const settled = (done: Consultation) => setLeft((list) => list.filter((c) => c.id !== done.id));
  const { reschedule, dialog } = useRescheduling(RescheduleDialog, settled);

  return (
    <div
      role="status"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      data-testid="closed-date-warning"
    >
      <p className="mb-2 text-sm font-medium">
        {left.length > 0
          ? `${left.length === 1 ? 'One consultation is' : `${left.length} consultations are`} booked on ${day}. ` +
            'Move or cancel each (the visitor is e-mailed), or close the day anyway: they stay booked.'
          : `No consultation is booked on ${day} any more.`}
      </p>
      {left.length > 0 ? (
        <ul className="mb-3 flex flex-col divide-y divide-amber-200 dark:divide-amber-800">
          {left.map((c) => (
            <li
              key={c.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="closed-date-booked"
            >
              <span className="min-w-0 text-sm">
                <span className="block font-medium">{formatSlotIn(c.startsAt, c.endsAt, c.timeZone)}</span>
                <span className="block break-all">
                  {c.name} ({c.email})
                </span>
              </span>
              <ConsultationActions
                consultation={c}
                reschedule={reschedule}
                onCancelled={settled}
                testId="closed-date-booked"
                hintClassName="text-xs"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={left.length > 0 ? 'destructive' : 'primary'}
          disabled={closing}
          onClick={() => onClose(left.length > 0)}
          data-testid="closed-date-confirm"
        >
          {closing ? <Spinner /> : null}
          {left.length > 0 ? 'Close the day anyway' : 'Close this day'}
        </Button>
        <Button size="sm" variant="outline" onClick={onKeepOpen} data-testid="closed-date-keep-open">
          Keep it open
        </Button>
      </div>
      {dialog}
    </div>
  );
}

import type { Consultation } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { RescheduleDialogComponent } from '../../../lib/consultation-reschedule';
import { consultationKeys, useCancelConsultation } from '../api/consultations.queries';
import { formatSlotIn } from '../utils/format';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { ConfirmAction, RowButton } from './admin-panel';

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
  const [moving, setMoving] = useState<Consultation | null>(null);
  const cancel = useCancelConsultation();
  const queryClient = useQueryClient();
  const settled = (id: number) => setLeft((list) => list.filter((c) => c.id !== id));

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
              {c.source === 'scheduling_service' ? (
                <span className="text-xs">Change it in the scheduling service</span>
              ) : (
                <span className="flex flex-wrap gap-2">
                  {RescheduleDialog ? (
                    <RowButton
                      label="Reschedule"
                      target={c.name}
                      onClick={() => setMoving(c)}
                      data-testid="closed-date-booked-reschedule"
                    />
                  ) : null}
                  <ConfirmAction
                    label="Cancel"
                    target={c.name}
                    variant="destructive"
                    data-testid="closed-date-booked-cancel"
                    title="Cancel this consultation?"
                    question={`${c.name}'s consultation on ${formatSlotIn(c.startsAt, c.endsAt, c.timeZone)} is cancelled on their behalf; they and the company are e-mailed.`}
                    pendingLabel="Cancelling..."
                    pending={cancel.isPending}
                    dialogTestId="consultation-cancel-dialog"
                    onConfirm={(close) =>
                      cancel.mutate(c.id, {
                        onSuccess: (answer) => {
                          close();
                          settled(c.id);
                          notifySuccess('Consultation cancelled', answer?.message);
                        },
                        onError: (error) => notifyFailure('Error cancelling the consultation', error),
                      })
                    }
                  />
                </span>
              )}
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
      {RescheduleDialog && moving ? (
        <RescheduleDialog
          consultation={moving}
          open
          onOpenChange={(open) => {
            if (!open) setMoving(null);
          }}
          onRescheduled={() => {
            settled(moving.id);
            setMoving(null);
            void queryClient.invalidateQueries({ queryKey: consultationKeys.all });
          }}
        />
      ) : null}
    </div>
  );
}

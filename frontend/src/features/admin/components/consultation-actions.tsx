import type { Consultation } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, CalendarX } from 'lucide-react';
import { useState } from 'react';
import type { RescheduleDialogComponent } from '../../../lib/consultation-reschedule';
import { consultationKeys, useCancelConsultation } from '../api/consultations.queries';
import type { RowMenu } from '../kit/admin-table';
import type { Confirmation } from '../kit/confirm-prompt';
import { entry } from '../kit/row-actions';
import { formatSlotIn } from '../utils/format';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { ConfirmAction, RowButton } from './admin-panel';

/**
 * Moving a consultation with the admin reschedule dialog (when the page has one): `reschedule` opens it for a
 * consultation, `dialog` is to render. Once moved, the consultations are fetched again and `onMoved` hears of it.
 */
export function useRescheduling(
  RescheduleDialog: RescheduleDialogComponent | undefined,
  onMoved?: (consultation: Consultation) => void,
) {
  const [moving, setMoving] = useState<Consultation | null>(null);
  const queryClient = useQueryClient();
  const dialog =
    RescheduleDialog && moving ? (
      <RescheduleDialog
        consultation={moving}
        open
        onOpenChange={(open) => {
          if (!open) setMoving(null);
        }}
        onRescheduled={() => {
          onMoved?.(moving);
          setMoving(null);
          void queryClient.invalidateQueries({ queryKey: consultationKeys.all });
        }}
      />
    ) : null;
  return { reschedule: RescheduleDialog ? setMoving : undefined, dialog };
}

/** Cancelling `c` on the visitor's behalf: the question asked first, and what confirming does. */
function useCancelling(onCancelled?: (consultation: Consultation) => void) {
  const cancel = useCancelConsultation();
  return (c: Consultation): Confirmation => ({
    title: 'Cancel this consultation?',
    question: `${c.name}'s consultation on ${formatSlotIn(c.startsAt, c.endsAt, c.timeZone)} is cancelled on their behalf; they and the company are e-mailed.`,
    pendingLabel: 'Cancelling...',
    pending: cancel.isPending,
    onConfirm: (close: () => void) =>
      cancel.mutate(c.id, {
        onSuccess: (answer) => {
          close();
          onCancelled?.(c);
          notifySuccess('Consultation cancelled', answer?.message);
        },
        onError: (error) => notifyFailure('Error cancelling the consultation', error),
      }),
    'data-testid': 'consultation-cancel-dialog',
  });
}

/** Only a consultation booked with our form is changed here; one the scheduling service holds is changed there. */
export const HELD_ELSEWHERE = 'Change it in the scheduling service';

/**
 * What an admin can do with a confirmed, future consultation on the visitor's behalf, as buttons (the closed-day
 * warning): Reschedule (`reschedule`, when the page can) and Cancel (after asking; the visitor and the company are
 * e-mailed). One the scheduling service holds is changed there (decision 033). Test ids: `{testId}-reschedule`,
 * `{testId}-cancel`.
 */
export function ConsultationActions({
  consultation: c,
  reschedule,
  onCancelled,
  testId,
  hintClassName,
}: {
  consultation: Consultation;
  reschedule: ((consultation: Consultation) => void) | undefined;
  onCancelled?: (consultation: Consultation) => void;
  testId: string;
  hintClassName: string;
}) {
  const cancelling = useCancelling(onCancelled);
  if (c.source === 'scheduling_service') return <span className={hintClassName}>{HELD_ELSEWHERE}</span>;
  return (
    <span className="flex flex-wrap gap-2">
      {reschedule ? (
        <RowButton
          label="Reschedule"
          target={c.name}
          onClick={() => reschedule(c)}
          data-testid={`${testId}-reschedule`}
        />
      ) : null}
      <ConfirmAction
        label="Cancel"
        target={c.name}
        variant="destructive"
        data-testid={`${testId}-cancel`}
        confirm={cancelling(c)}
      />
    </span>
  );
}

/**
 * The same in a list's row menu (issue 27): Reschedule, and Cancel confirmed first. Null for a consultation the
 * scheduling service holds (`heldElsewhere` says so in words). Test ids: `consultation-reschedule`,
 * `consultation-cancel`, the question `consultation-cancel-dialog`.
 */
export function useConsultationMenu(reschedule: ((consultation: Consultation) => void) | undefined) {
  const cancelling = useCancelling();
  return (c: Consultation): RowMenu | null =>
    c.source === 'scheduling_service'
      ? null
      : {
          target: c.name,
          actions: [
            ...(reschedule
              ? [
                  entry('reschedule', 'Reschedule', CalendarClock, 'consultation-reschedule', {
                    onSelect: () => reschedule(c),
                  }),
                ]
              : []),
            entry('cancel', 'Cancel', CalendarX, 'consultation-cancel', {
              confirm: { ...cancelling(c), confirmLabel: 'Cancel consultation' },
            }),
          ],
        };
}

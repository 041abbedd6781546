import type { Consultation } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RescheduleDialogComponent } from '../../../lib/consultation-reschedule';
import { consultationKeys, useCancelConsultation } from '../api/consultations.queries';
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

/**
 * What an admin can do with a confirmed, future consultation on the visitor's behalf: Reschedule (`reschedule`, when
 * the page can) and Cancel (after asking; the visitor and the company are e-mailed). One the scheduling service holds
 * is changed there (decision 033). Test ids: `{testId}-reschedule`, `{testId}-cancel`.
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
  const cancel = useCancelConsultation();
  if (c.source === 'scheduling_service')
    return <span className={hintClassName}>Change it in the scheduling service</span>;
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
        title="Cancel this consultation?"
        question={`${c.name}'s consultation on ${formatSlotIn(c.startsAt, c.endsAt, c.timeZone)} is cancelled on their behalf; they and the company are e-mailed.`}
        pendingLabel="Cancelling..."
        pending={cancel.isPending}
        dialogTestId="consultation-cancel-dialog"
        onConfirm={(close) =>
          cancel.mutate(c.id, {
            onSuccess: (answer) => {
              close();
              onCancelled?.(c);
              notifySuccess('Consultation cancelled', answer?.message);
            },
            onError: (error) => notifyFailure('Error cancelling the consultation', error),
          })
        }
      />
    </span>
  );
}

import type { ComponentType } from 'react';

/**
 * The dialog in which an administrator moves a consultation on the visitor's behalf (issue 16). The booking feature
 * builds it from its date picker; the admin screen shows it: the route hands it over, since features do not import
 * each other.
 */
export interface RescheduleDialogProps {
  consultation: { id: number; name: string; date: string; time: string; timeZone: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the consultation has moved (the admin's list asks again). */
  onRescheduled: () => void;
}

export type RescheduleDialogComponent = ComponentType<RescheduleDialogProps>;

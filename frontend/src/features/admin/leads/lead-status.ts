import type { LeadStatus } from '@app/contracts';

/** How each lead status reads on the screen (issue 27). */
export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  consultation: 'Consultation',
  won: 'Won',
  lost: 'Lost',
};

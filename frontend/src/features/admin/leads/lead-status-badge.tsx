import type { LeadStatus } from '@app/contracts';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { STATUS_LABELS } from './lead-status';

const VARIANTS: Record<LeadStatus, BadgeVariant> = {
  new: 'info',
  contacted: 'neutral',
  consultation: 'warning',
  won: 'success',
  lost: 'danger',
};

/** A lead's status as a coloured label (its word says it; the colour only helps). */
export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge variant={VARIANTS[status]} data-testid="lead-status">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

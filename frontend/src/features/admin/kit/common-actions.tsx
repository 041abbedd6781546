import { Pencil, Trash2 } from 'lucide-react';
import type { Confirmation } from './confirm-prompt';
import type { RowAction } from './row-actions';

/** A row menu's 'Edit' entry (issue 27): opens the row's editor (its side panel). */
export const editAction = (onSelect: () => void, testId: string, label = 'Edit'): RowAction => ({
  value: 'edit',
  label,
  icon: <Pencil aria-hidden="true" className="size-4" />,
  onSelect,
  'data-testid': testId,
});

/** A row menu's 'Delete' entry (issue 27): red, and asks `confirm`'s question first ('Deleting...' while it runs). */
export const deleteAction = (confirm: Omit<Confirmation, 'pendingLabel'>, testId: string): RowAction => ({
  value: 'delete',
  label: 'Delete',
  icon: <Trash2 aria-hidden="true" className="size-4" />,
  confirm: { pendingLabel: 'Deleting...', ...confirm },
  'data-testid': testId,
});

import { Pencil, Trash2 } from 'lucide-react';
import { notifyFailure, notifySuccess } from '../utils/notify';
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

/**
 * What a row's Delete runs once confirmed: `remove` (the row's delete), then the row's editor closes if it is open, a
 * toast says how it went ('Case study deleted', or 'Error deleting case study' and why), and the question closes.
 */
export const deleteRow =
  <T,>(
    what: string,
    remove: (row: T) => Promise<unknown>,
    panel: { isEditing: (row: T) => boolean; close: () => void },
  ) =>
  async (row: T, close: () => void) => {
    try {
      await remove(row);
      if (panel.isEditing(row)) panel.close();
      notifySuccess(`${what} deleted`);
    } catch (error) {
      notifyFailure(`Error deleting ${what.toLowerCase()}`, error, `Failed to delete ${what.toLowerCase()}`);
    } finally {
      close();
    }
  };

import { useRef, useState } from 'react';

/**
 * The side panel of a list (issue 27): closed, creating, or editing one row (by id, so the row's latest data from
 * the list is shown). Remembers what opened it, to give focus back there when it closes.
 */
export function usePanel<T extends { id: number }>(rows: readonly T[]) {
  const [state, setState] = useState<{ mode: 'create' } | { mode: 'edit'; id: number } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const remember = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const editing = state?.mode === 'edit' ? rows.find((row) => row.id === state.id) : undefined;
  const open = state !== null && (state.mode === 'create' || editing !== undefined);
  const returnFocusTo = () => (opener.current?.isConnected ? opener.current : null);
  return {
    open,
    editing,
    create: () => {
      remember();
      setState({ mode: 'create' });
    },
    edit: (row: T) => {
      remember();
      setState({ mode: 'edit', id: row.id });
    },
    close: () => setState(null),
    /** Whether `row` is the one being edited (a deleted row closes its editor). */
    isEditing: (row: T) => state?.mode === 'edit' && state.id === row.id,
    returnFocusTo,
    /** The `SidePanel`'s props that follow this state: `<SidePanel {...panel.sidePanel} title=...>`. */
    sidePanel: {
      open,
      onOpenChange: (next: boolean) => {
        if (!next) setState(null);
      },
      returnFocusTo,
    },
  };
}

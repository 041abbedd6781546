import { useRef, useState } from 'react';

/**
 * The side panel of a list (issue 27): closed, creating, or editing one row (by its key, so the row's latest data
 * from the list is shown). Remembers what opened it, to give focus back there when it closes. `sidePanel` is what
 * the `SidePanel` needs: `<SidePanel {...panel.sidePanel} title=...>`.
 */
export function usePanel<T>(
  rows: readonly T[],
  keyOf: (row: T) => number | string = (row) => (row as { id: number }).id,
) {
  const [state, setState] = useState<{ mode: 'create' } | { mode: 'edit'; key: number | string } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const remember = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const editing = state?.mode === 'edit' ? rows.find((row) => keyOf(row) === state.key) : undefined;
  const open = state !== null && (state.mode === 'create' || editing !== undefined);
  const close = () => setState(null);
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
      setState({ mode: 'edit', key: keyOf(row) });
    },
    close,
    /** Whether `row` is the one being edited (a deleted row closes its editor). */
    isEditing: (row: T) => state?.mode === 'edit' && state.key === keyOf(row),
    returnFocusTo,
    /** The `SidePanel`'s props that follow this state: `<SidePanel {...panel.sidePanel} title=...>`. */
    sidePanel: {
      open,
      onOpenChange: (next: boolean) => {
        if (!next) close();
      },
      returnFocusTo,
    },
  };
}

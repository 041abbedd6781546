import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { LucideIcon } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogCloseButton, keepOpenOnToastClick } from '../../../components/ui/dialog';
import type { usePanel } from './use-panel';

/**
 * A side panel (issue 27): an Ark UI Dialog that slides in from the right edge, the full height of the window, for a
 * create or edit form beside the full-width list. Traps focus, closes on Escape, a click outside or its X, and gives
 * focus back to what opened it (`returnFocusTo` when opened from code). On a phone it takes the whole width.
 */
export function SidePanel({
  open,
  onOpenChange,
  title,
  description,
  children,
  returnFocusTo,
  hideTitle = false,
  'data-testid': testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  returnFocusTo?: () => HTMLElement | null;
  /** The form inside has its own heading: the panel's title is then for screen readers only. */
  hideTitle?: boolean;
  'data-testid'?: string;
}) {
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      lazyMount
      unmountOnExit
      onInteractOutside={keepOpenOnToastClick}
      {...(returnFocusTo && { finalFocusEl: returnFocusTo })}
    >
      <Portal>
        <ArkDialog.Backdrop className="fixed inset-0 z-50 bg-slate-950/40" />
        <ArkDialog.Positioner className="fixed inset-0 z-50 flex justify-end">
          <ArkDialog.Content
            className="relative flex h-full w-full max-w-xl flex-col overflow-y-auto border-l border-slate-200 bg-white p-6 shadow-xl outline-none dark:border-slate-700 dark:bg-slate-900"
            {...(testId && { 'data-testid': testId })}
          >
            {hideTitle ? (
              // Names the panel without a second heading beside the form's own.
              <ArkDialog.Title asChild>
                <span className="sr-only">{title}</span>
              </ArkDialog.Title>
            ) : (
              <ArkDialog.Title className="pr-8 text-lg font-semibold text-slate-900 dark:text-white">
                {title}
              </ArkDialog.Title>
            )}
            {description ? (
              <ArkDialog.Description className="mt-1 text-sm leading-6 text-slate-600 dark:text-slate-300">
                {description}
              </ArkDialog.Description>
            ) : null}
            <div className={hideTitle ? 'pr-8' : 'mt-5'}>{children}</div>
            <DialogCloseButton
              aria-label="Close panel"
              className="absolute top-4 right-4 rounded-md p-1 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            />
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}

/**
 * The side panel of a list's create and edit form (issue 27): 'Create {what}', or 'Edit {name}' of the row being
 * edited (for screen readers: the form has its own heading); its test id `{what}-panel` in kebab case
 * ('case-study-panel'). `children` draws the form for that row (none: creating), started afresh for each row.
 */
export function FormPanel<T extends { id: number }>({
  panel,
  what,
  name = (row) => (row as T & { name: string }).name,
  children,
}: {
  panel: ReturnType<typeof usePanel<T>>;
  /** What the list holds ('Case Study'). */
  what: string;
  children: (editing: T | undefined) => ReactNode;
} & (T extends { name: string } ? { name?: (row: T) => string } : { name: (row: T) => string })) {
  const { editing } = panel;
  return (
    <SidePanel
      {...panel.sidePanel}
      title={editing ? `Edit ${name(editing)}` : `Create ${what}`}
      hideTitle
      data-testid={`${what.toLowerCase().replaceAll(' ', '-')}-panel`}
    >
      <Fragment key={editing?.id ?? 'new'}>{children(editing)}</Fragment>
    </SidePanel>
  );
}

/** The button above a list that opens its side panel to create something ('New dashboard'). */
export function PanelButton({
  icon: Icon,
  onClick,
  variant,
  children,
  'data-testid': testId,
}: {
  icon: LucideIcon;
  onClick: () => void;
  variant?: 'outline';
  children: ReactNode;
  'data-testid': string;
}) {
  return (
    <Button size="sm" onClick={onClick} {...(variant && { variant })} data-testid={testId}>
      <Icon aria-hidden="true" className="size-4" />
      {children}
    </Button>
  );
}

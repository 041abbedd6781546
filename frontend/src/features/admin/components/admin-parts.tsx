import type { ReactNode } from 'react';
import { NativeSelect, type NativeSelectProps } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';

/** A form's `onSubmit` that runs `submit` instead of the browser's submission. */
export const submitWith =
  (submit: () => void) =>
  (event: { preventDefault: () => void }): void => {
    event.preventDefault();
    submit();
  };

/** A cell of two lines: `main` in bold, and under it `sub` (an address, a time zone), smaller and muted, if any. */
export function TwoLines({ main, sub }: { main: ReactNode; sub?: ReactNode }) {
  return (
    <>
      <span className="block font-medium">{main}</span>
      {sub ? <span className="block break-all text-xs text-slate-600 dark:text-slate-400">{sub}</span> : null}
    </>
  );
}

/**
 * A labelled control of the admin's compact forms and filter bars: a small label over `children` (whose id is `id`),
 * and the error under it (`{id}-error`, for the control's aria-describedby).
 */
export function SmallField({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-xs font-semibold text-slate-700 dark:text-slate-300">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A `SmallField` whose control is a select (`id` is the select's, the rest goes to it). */
export function SmallSelect({
  id,
  label,
  error,
  ...select
}: { id: string; label: ReactNode; error?: string | undefined } & Omit<NativeSelectProps, 'id'>) {
  return (
    <SmallField id={id} label={label} error={error}>
      <NativeSelect id={id} {...select} />
    </SmallField>
  );
}

/**
 * A table cell's stack of status lines (badges, why, since when), its state in `data-state`; `muted`: its words small
 * and grey beside the badges.
 */
export function StatusStack({
  state,
  muted = false,
  'data-testid': testId,
  children,
}: {
  state: string;
  muted?: boolean;
  'data-testid': string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn('flex flex-col items-start gap-1', muted && 'text-xs text-slate-600 dark:text-slate-400')}
      data-testid={testId}
      data-state={state}
    >
      {children}
    </span>
  );
}

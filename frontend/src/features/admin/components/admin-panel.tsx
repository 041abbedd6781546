import { type ReactNode, useId, useState } from 'react';
import { controlClass } from '../../../components/form/field-shell';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button, type ButtonProps, type ButtonVariant } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { SelectOption } from '../../../components/ui/select';
import type { Column } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import type { Confirmation } from '../kit/confirm-prompt';
import { ALL } from '../utils/admin-lists';
import { SmallField, SmallSelect } from './admin-parts';

/** The title row of a list: heading, count, and the controls beside it. */
export function ListHeader({
  title,
  count,
  children,
}: {
  title: string;
  count?: number | undefined;
  children?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
        {count !== undefined ? (
          <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">({count})</span>
        ) : null}
      </h2>
      {children}
    </div>
  );
}

/** A badge for a yes/no state of a row: `yes` (its label and variant) when `on`, else `no` ('Active' / 'Inactive'). */
export function StateBadge({
  on,
  yes,
  no,
}: {
  on: boolean;
  yes: readonly [string, BadgeVariant];
  no: readonly [string, BadgeVariant];
}) {
  const [label, variant] = on ? yes : no;
  return <Badge variant={variant}>{label}</Badge>;
}

/** A table column showing a yes/no state of each row as a `StateBadge`; sortable by `sortKey` when one is given. */
export const stateColumn = <T, K extends string = never>(
  header: string,
  on: (row: T) => boolean,
  yes: readonly [string, BadgeVariant],
  no: readonly [string, BadgeVariant],
  sortKey?: K,
): Column<T, K> => ({
  header,
  ...(sortKey === undefined ? {} : { sortKey }),
  cell: (row) => <StateBadge on={on(row)} yes={yes} no={no} />,
});

/** One filter of a list: a search box (with its placeholder) or a select (with its options). */
export type FilterField<F> = { key: keyof F & string; label: string } & (
  | { placeholder: string; type?: 'search' | 'date' }
  | { options: readonly SelectOption[] }
);

/**
 * The choices of a select filter: 'all' first (labelled `allLabel`), then the others, as value → label, or as a list
 * of values that are their own labels.
 */
export const filterChoices = (
  allLabel: string,
  choices: Readonly<Record<string, string>> | readonly string[],
): SelectOption[] => [
  { value: ALL, label: allLabel },
  ...(Array.isArray(choices)
    ? choices.map((value: string) => ({ value, label: value }))
    : Object.entries(choices).map(([value, label]) => ({ value, label }))),
];

/** The columns of a filter bar by its number of filters: all in one row on a wide screen, two a row on a small one. */
const FILTER_GRIDS = [
  'sm:grid-cols-2',
  'sm:grid-cols-2',
  'sm:grid-cols-2',
  'sm:grid-cols-3',
  'sm:grid-cols-2 lg:grid-cols-4',
  'sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5',
  'sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6',
];

/**
 * A list's filters, each labelled, in a grid (`className` gives its columns; by default as many as filters on a wide
 * screen); test ids are `{list name}-filter-{key}`.
 */
export function FilterBar<F extends { [K in keyof F]: string }>({
  fields,
  list,
  className = FILTER_GRIDS[fields.length],
}: {
  fields: readonly FilterField<F>[];
  list: { name: string; filters: F; setFilters: (patch: Partial<F>) => void };
  className?: string | undefined;
}) {
  const id = useId();
  return (
    <div className={cn('mb-4 grid gap-3', className)} data-testid={`${list.name}-filters`}>
      {fields.map((field) => {
        const control = {
          id: `${id}-${field.key}`,
          value: list.filters[field.key],
          onChange: (event: { target: { value: string } }) =>
            list.setFilters({ [field.key]: event.target.value } as Partial<F>),
          'data-testid': `${list.name}-filter-${field.key}`,
        };
        return 'options' in field ? (
          <SmallSelect key={field.key} label={field.label} {...control} options={field.options} />
        ) : (
          <SmallField key={field.key} id={control.id} label={field.label}>
            <input
              {...control}
              type={field.type ?? 'search'}
              placeholder={field.placeholder}
              className={controlClass}
            />
          </SmallField>
        );
      })}
    </div>
  );
}

/** What a row's button is named for screen readers: `label` and the row's `target` ('Edit Acme'), or its own `name`. */
type RowButtonName = { target: string; name?: never } | { name: string; target?: never };

/**
 * A small button of a table row: `label` shown, named for its row. The rest goes to the button (a dialog's trigger
 * adds its own handlers and ref).
 */
export function RowButton({
  label,
  target,
  name = `${label} ${target}`,
  variant = 'outline',
  ...props
}: Omit<ButtonProps, 'children' | 'size' | 'aria-label' | 'name'> &
  RowButtonName & { label: string; 'data-testid': string }) {
  return (
    <Button size="sm" variant={variant} aria-label={name} {...props}>
      {label}
    </Button>
  );
}

/**
 * A row's action that asks first (an alertdialog): its button (`label` `target`) opens `confirm`'s question, whose
 * confirm button says `label` unless `confirm` names its own.
 */
export function ConfirmAction({
  label,
  target,
  variant,
  'data-testid': testId,
  confirm,
}: {
  label: string;
  target: string;
  variant?: ButtonVariant;
  'data-testid': string;
  confirm: Confirmation;
}) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<RowButton label={label} target={target} variant={variant} data-testid={testId} />}
      title={confirm.title}
      question={confirm.question}
      confirmLabel={confirm.confirmLabel ?? label}
      pendingLabel={confirm.pendingLabel}
      pending={confirm.pending}
      onConfirm={() => confirm.onConfirm(() => setOpen(false))}
      data-testid={confirm['data-testid']}
    />
  );
}

import type { Column } from '../../../components/ui/table';
import { formatDateTime, formatRelative } from '../utils/format';

/**
 * An instant as people say it ('5 minutes ago', issue 27), the exact date and time on hover and for screen readers;
 * `none` without one.
 */
export function RelativeTime({ value, none = '-' }: { value: string | null | undefined; none?: string }) {
  const exact = formatDateTime(value, '');
  if (!exact || !value) return <span>{none}</span>;
  return (
    <time dateTime={value} title={exact} className="relative cursor-help whitespace-nowrap underline decoration-dotted">
      {formatRelative(value)}
      <span className="sr-only">, {exact}</span>
    </time>
  );
}

/** A log's 'When' column (audit, sign-ins): each row's `createdAt` as a `RelativeTime`, sortable by it. */
export const whenColumn = <T extends { createdAt: string }>(): Column<T, 'createdAt'> => ({
  header: 'When',
  sortKey: 'createdAt',
  className: 'whitespace-nowrap',
  cell: (row) => <RelativeTime value={row.createdAt} />,
});

import type { EmbedConnection, EmbedMode } from '@app/contracts';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { EMBED_MODE_LABELS } from '../utils/embed';

/**
 * The Connection choice of a token mode: the connections of that provider, or, when there are none, a link to the
 * Connections section where one is made (issue 27).
 */
export function ConnectionChoice({
  mode,
  connections,
  failed,
  field,
}: {
  mode: Exclude<EmbedMode, 'url'>;
  connections: readonly EmbedConnection[] | undefined;
  failed: boolean;
  field: (options: { value: string; label: string }[]) => ReactNode;
}) {
  const options = (connections ?? [])
    .filter((c) => c.provider === mode)
    .map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <div className="flex flex-col gap-2">
      {field(options)}
      {failed ? (
        <Alert variant="error">The connections could not be loaded.</Alert>
      ) : connections && options.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="dashboard-no-connection">
          {`No ${EMBED_MODE_LABELS[mode]} connection yet. `}
          <Link
            to="/admin/connections"
            className="font-semibold text-blue-700 underline hover:text-blue-900 dark:text-blue-400"
          >
            Create one in Connections
          </Link>
        </p>
      ) : null}
    </div>
  );
}

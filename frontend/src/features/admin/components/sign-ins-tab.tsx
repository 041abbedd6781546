import { SIGN_IN_METHODS, SIGN_IN_RESULTS, type SignInEvent } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { toastFailure } from '../../../components/ui/failure-toast';
import { Spinner } from '../../../components/ui/spinner';
import type { Column } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { apiGet, apiRequest } from '../../../lib/api';
import { adminKeys } from '../api/admin.queries';
import { ListTop, RefreshButton } from '../kit/list-top';
import { formatAddress } from '../utils/format';
import { useListView } from '../utils/use-list-view';
import { type FilterField, filterChoices } from './admin-panel';
import { PagedTable } from './paged-table';
import { whenColumn } from './relative-time';

const METHOD_LABELS: Record<SignInEvent['method'], string> = {
  password: 'Password',
  sso: 'Single sign-on',
  totp: 'Authenticator code',
  recovery_code: 'Recovery code',
};

const REASON_LABELS: Record<string, string> = {
  invalid_credentials: 'Wrong e-mail or password',
  deactivated: 'Account deactivated',
  rate_limited: 'Too many attempts',
  invalid_code: 'Wrong code',
  second_factor_required: 'Password right, code asked next',
};

type SignInSortKey = 'createdAt' | 'email' | 'method' | 'result';
const SIGN_IN_SORT_KEYS: readonly SignInSortKey[] = ['createdAt', 'email', 'method', 'result'];

const muted = 'block text-xs text-slate-600 dark:text-slate-400';

/** Who: the person's name over their address; an erased person by that word alone, never the marker the erase left. */
function Person({ event }: { event: SignInEvent }) {
  if (event.erased) return <span className="italic text-slate-600 dark:text-slate-400">{event.personName}</span>;
  return (
    <>
      {event.personName ? <span className="block font-medium">{event.personName}</span> : null}
      <span className={event.personName ? `${muted} break-all` : 'break-all'}>{event.email}</span>
      {event.userId === null ? <span className={muted}>No account</span> : null}
    </>
  );
}

const columns: Column<SignInEvent, SignInSortKey>[] = [
  whenColumn(),
  {
    header: 'Person',
    sortKey: 'email',
    className: 'break-words',
    'data-testid': 'sign-in-email',
    cell: (e) => <Person event={e} />,
  },
  {
    header: 'Method',
    sortKey: 'method',
    cell: (e) => (
      <>
        <span className="block whitespace-nowrap">{METHOD_LABELS[e.method]}</span>
        {e.organizationName ? <span className={muted}>{e.organizationName}</span> : null}
      </>
    ),
  },
  {
    header: 'Result',
    sortKey: 'result',
    'data-testid': 'sign-in-result',
    cell: (e) => (
      <>
        <Badge variant={e.result === 'success' ? 'success' : 'danger'}>
          {e.result === 'success' ? 'Success' : 'Failure'}
        </Badge>
        {e.reason ? <span className={`mt-1 ${muted}`}>{REASON_LABELS[e.reason] ?? e.reason}</span> : null}
      </>
    ),
  },
  {
    header: 'Address',
    className: 'whitespace-nowrap tabular-nums',
    'data-testid': 'sign-in-address',
    cell: (e) => formatAddress(e.ipAddress),
  },
  {
    header: 'Browser',
    'data-testid': 'sign-in-browser',
    // The words; the User-Agent as sent on hover, for the rare case the words are not enough.
    cell: (e) => (
      <span title={e.userAgent ?? undefined}>
        <span className="block whitespace-nowrap">{e.browser}</span>
        <span className={muted}>{e.system}</span>
      </span>
    ),
  },
];

interface SignInFilters {
  q: string;
  result: string;
  method: string;
}

const filterFields: FilterField<SignInFilters>[] = [
  { key: 'q', label: 'Search', placeholder: 'Name or e-mail' },
  {
    key: 'result',
    label: 'Result',
    options: filterChoices(
      'All results',
      Object.fromEntries(SIGN_IN_RESULTS.map((value) => [value, value === 'success' ? 'Success' : 'Failure'])),
    ),
  },
  {
    key: 'method',
    label: 'Method',
    options: filterChoices('All methods', Object.fromEntries(SIGN_IN_METHODS.map((m) => [m, METHOD_LABELS[m]]))),
  },
];

const securityKey = [...adminKeys.all, 'settings', 'security'] as const;

/** 'Require two-factor sign-in for all administrators' (issue 17); the server refuses it to an admin without it. */
function SecuritySettingCard() {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: securityKey,
    queryFn: ({ signal }) => apiGet('/api/admin/settings/security', { signal }),
  });
  const save = useMutation({
    mutationFn: (requireAdminTwoFactor: boolean) =>
      apiRequest('/api/admin/settings/security', { method: 'PUT', body: { requireAdminTwoFactor } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(securityKey, saved);
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
      toast({ title: saved.requireAdminTwoFactor ? 'Two-factor sign-in required' : 'Two-factor sign-in optional' });
    },
    onError: (error) => toastFailure('Not saved', error),
  });
  return (
    <Card className="p-4 sm:p-6" data-testid="security-settings">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Sign-in security</h2>
      {settings.data ? (
        <Checkbox
          className="mt-4"
          label="Require two-factor sign-in for all administrators"
          description="Administrators without it are sent to set it up before they can use the administration. You need it yourself to turn this on."
          checked={settings.data.requireAdminTwoFactor}
          disabled={save.isPending}
          onCheckedChange={(checked) => save.mutate(checked)}
          data-testid="require-admin-two-factor"
        />
      ) : settings.isError ? (
        <Alert variant="error">The setting could not be loaded.</Alert>
      ) : (
        <Spinner />
      )}
    </Card>
  );
}

/**
 * Sign-ins (issues 17 and 27): every attempt, newest first unless sorted otherwise, paged, searched and filtered by
 * the server like every other list (decision 038; the view is in the URL), each row in words: who by name, when
 * relative (the exact time on hover), the address as people write it, the browser and system.
 */
export function SignInsTab() {
  const list = useListView<SignInEvent, SignInFilters, SignInSortKey>('sign-ins', {
    path: '/api/admin/sign-ins',
    queryKey: [...adminKeys.all, 'sign-ins'],
    filters: { q: '', result: '', method: '' },
    sort: { key: 'createdAt', direction: 'desc' },
    sortKeys: SIGN_IN_SORT_KEYS,
  });
  return (
    <div className="flex flex-col gap-6">
      <SecuritySettingCard />
      <Card className="min-w-0 p-4 sm:p-6">
        <ListTop title="Sign-ins" list={list} filters={filterFields} actions={<RefreshButton list={list} />} />
        <PagedTable
          list={list}
          name="sign-ins"
          label="Sign-ins"
          columns={columns}
          row={(e) => ({ 'data-testid': 'sign-in-row', 'data-result': e.result, 'data-method': e.method })}
          empty="No sign-ins match"
        />
      </Card>
    </div>
  );
}

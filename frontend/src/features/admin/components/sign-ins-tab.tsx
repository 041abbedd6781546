import { SIGN_IN_METHODS, SIGN_IN_RESULTS, type SignInEvent } from '@app/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { controlClass } from '../../../components/form/field-shell';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { NativeSelect } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { type Column, DataTable } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { apiGet, apiRequest, failureMessage } from '../../../lib/api';
import { adminKeys } from '../api/admin.queries';
import { formatDateTime } from '../utils/format';
import { ListHeader } from './admin-panel';

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

const columns: Column<SignInEvent>[] = [
  { header: 'Time', className: 'whitespace-nowrap', cell: (e) => formatDateTime(e.createdAt, '-') },
  { header: 'Person', className: 'break-all', 'data-testid': 'sign-in-email', cell: (e) => e.email },
  { header: 'Method', className: 'whitespace-nowrap', cell: (e) => METHOD_LABELS[e.method] },
  {
    header: 'Result',
    'data-testid': 'sign-in-result',
    cell: (e) => (
      <>
        <Badge variant={e.result === 'success' ? 'success' : 'danger'}>
          {e.result === 'success' ? 'Success' : 'Failure'}
        </Badge>
        {e.reason ? (
          <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
            {REASON_LABELS[e.reason] ?? e.reason}
          </span>
        ) : null}
      </>
    ),
  },
  { header: 'Address', className: 'break-all', cell: (e) => e.ipAddress ?? '-' },
  {
    header: 'Browser',
    className: 'max-w-64 break-words text-xs',
    cell: (e) => e.userAgent ?? '-',
  },
];

interface Filters {
  email: string;
  result: string;
  method: string;
}

const pathOf = (filters: Filters, before?: number) => {
  const params = new URLSearchParams();
  if (filters.email.trim()) params.set('email', filters.email.trim());
  if (filters.result) params.set('result', filters.result);
  if (filters.method) params.set('method', filters.method);
  if (before !== undefined) params.set('before', String(before));
  return `/api/admin/sign-ins?${params}` as const;
};

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
    onError: (error) =>
      toast({ title: 'Not saved', description: failureMessage(error, 'Please try again.'), variant: 'destructive' }),
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

/** Sign-ins (issue 17): every attempt, newest first, filtered by person, result and method; older pages on demand. */
export function SignInsTab() {
  const id = useId();
  const [draft, setDraft] = useState<Filters>({ email: '', result: '', method: '' });
  const [filters, setFilters] = useState<Filters>(draft);
  const list = useInfiniteQuery({
    queryKey: [...adminKeys.all, 'sign-ins', filters],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) => apiGet(pathOf(filters, pageParam), { signal }),
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });
  const rows = list.data?.pages.flatMap((page) => page.events) ?? [];
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const label = 'text-sm font-medium text-slate-800 dark:text-slate-200';

  return (
    <div className="flex flex-col gap-6">
      <SecuritySettingCard />
      <Card className="min-w-0 p-4 sm:p-6">
        <ListHeader title="Sign-ins" count={list.data ? rows.length : undefined} />
        <form
          onSubmit={apply}
          className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
          aria-label="Filter sign-ins"
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-email`} className={label}>
              E-mail
            </label>
            <input
              id={`${id}-email`}
              type="search"
              className={controlClass}
              value={draft.email}
              onChange={(e) => setDraft({ ...draft, email: e.target.value })}
              placeholder="person@example.com"
              data-testid="sign-ins-email"
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-result`} className={label}>
              Result
            </label>
            <NativeSelect
              id={`${id}-result`}
              value={draft.result}
              placeholder="All results"
              options={SIGN_IN_RESULTS.map((value) => ({ value, label: value === 'success' ? 'Success' : 'Failure' }))}
              onChange={(e) => setDraft({ ...draft, result: e.target.value })}
              data-testid="sign-ins-result"
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-method`} className={label}>
              Method
            </label>
            <NativeSelect
              id={`${id}-method`}
              value={draft.method}
              placeholder="All methods"
              options={SIGN_IN_METHODS.map((value) => ({ value, label: METHOD_LABELS[value] }))}
              onChange={(e) => setDraft({ ...draft, method: e.target.value })}
              data-testid="sign-ins-method"
            />
          </div>
          <Button type="submit" variant="outline" data-testid="sign-ins-apply">
            Filter
          </Button>
        </form>
        {list.isPending ? (
          <p className="flex items-center gap-2 py-10 text-sm text-slate-600 dark:text-slate-400" role="status">
            <Spinner />
            Loading sign-ins...
          </p>
        ) : list.isError ? (
          <Alert variant="error">{failureMessage(list.error, 'The sign-ins could not be loaded.')}</Alert>
        ) : (
          <>
            <DataTable
              label="Sign-ins"
              data-testid="sign-ins-table"
              columns={columns}
              rows={rows}
              rowKey={(e) => e.id}
              row={(e) => ({ 'data-testid': 'sign-in-row', 'data-result': e.result, 'data-method': e.method })}
              empty="No sign-ins match"
              emptyTestId="sign-ins-empty"
            />
            {list.hasNextPage ? (
              <Button
                variant="outline"
                className="mt-4"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? <Spinner /> : null}
                Show older
              </Button>
            ) : null}
          </>
        )}
      </Card>
    </div>
  );
}

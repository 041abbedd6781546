import { ACCESS_ENDED_MESSAGE, type OrganizationChoice } from '@app/contracts';
import { LockKeyhole } from 'lucide-react';
import { useId } from 'react';
import { NativeSelect } from '../../../components/ui/select';
import { StatusMessage } from '../../../components/ui/status-message';
import { BackToDashboards } from '../components/portal-header';

/**
 * Whose view of the dashboard is shown (issue 14): a person in several organizations linked to it chooses ('Viewing
 * as'); an admin previews it as any linked organization ('Preview as').
 */
export function OrganizationChooser({
  organizations,
  value,
  preview,
  onChange,
}: {
  organizations: readonly OrganizationChoice[];
  value: number | null;
  preview: boolean;
  onChange: (organizationId: number) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm" data-testid="organization-chooser">
      <label htmlFor={id} className="shrink-0 font-medium text-slate-600 dark:text-slate-300">
        {preview ? 'Preview as' : 'Viewing as'}
      </label>
      <NativeSelect
        id={id}
        value={value === null ? '' : String(value)}
        options={organizations.map((organization) => ({ value: String(organization.id), label: organization.name }))}
        {...(value === null && { placeholder: 'Choose an organization' })}
        onChange={(event) => {
          const chosen = Number(event.target.value);
          if (Number.isInteger(chosen) && chosen > 0) onChange(chosen);
        }}
        className="w-auto max-w-56 py-1"
      />
    </div>
  );
}

/** How one value of the identity reads: text as is, lists joined, anything else as JSON. */
function describe(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null))
    return value.length ? value.map(String).join(', ') : '(none)';
  return JSON.stringify(value);
}

/**
 * Admins' preview (issue 14): what the token carries for the organization shown, beside the dashboard: Power BI's
 * roles, username and custom data, Tableau's user attributes, Metabase's locked parameters. The server sends it to
 * admins only, and never a secret.
 */
export function IdentityPanel({
  organization,
  identity,
}: {
  organization: OrganizationChoice | null;
  identity: Record<string, unknown>;
}) {
  const headingId = useId();
  const entries = Object.entries(identity);
  return (
    <aside
      aria-labelledby={headingId}
      className="self-start rounded-2xl border border-slate-200 bg-white p-5 text-sm shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="identity-panel"
    >
      <h2 id={headingId} className="font-semibold text-slate-900 dark:text-white">
        What the token carries
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        {organization ? `As ${organization.name}` : 'No organization'}
      </p>
      {entries.length ? (
        <dl className="mt-4 space-y-3">
          {entries.map(([name, value]) => (
            <div key={name}>
              <dt className="font-medium text-slate-700 dark:text-slate-200">{name}</dt>
              <dd className="mt-0.5 break-words font-mono text-xs text-slate-600 dark:text-slate-300">
                {value !== null && typeof value === 'object' && !Array.isArray(value) ? (
                  <dl className="space-y-1">
                    {Object.entries(value).map(([key, inner]) => (
                      <div key={key} className="flex gap-2">
                        <dt className="font-semibold">{key}:</dt>
                        <dd className="min-w-0">{describe(inner)}</dd>
                      </div>
                    ))}
                  </dl>
                ) : (
                  describe(value)
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-4 text-slate-600 dark:text-slate-300">Nothing: the token carries no identity.</p>
      )}
    </aside>
  );
}

/** In place of the dashboard once a renewal was refused: the person may no longer see it (issue 14). */
export function AccessEnded() {
  return (
    <section
      role="alert"
      className="flex min-h-96 flex-col items-center justify-center rounded-2xl border border-slate-200 bg-white px-6 py-16 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="access-ended"
    >
      <StatusMessage icon={LockKeyhole} tone="slate" title={ACCESS_ENDED_MESSAGE}>
        If you think you should still see it, contact your account manager.
      </StatusMessage>
      <BackToDashboards variant="outline" className="mt-6" testId="access-ended-back" />
    </section>
  );
}

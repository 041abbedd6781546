import type { AdminOrganization, SsoSettings } from '@app/contracts';
import { SsoSettingsInputSchema } from '@app/contracts/api/sso';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { AlertFormElement, useAlertForm } from '../../../components/form/alert-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { LoadingStatus } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api';
import { useRemoveSso, useSaveSso, useTestSso } from '../api/admin.mutations';
import { adminSsoQueryOptions } from '../api/admin.queries';
import { notifyFailure, notifySuccess } from '../utils/notify';

interface SsoFormValues {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** One text: domains separated by commas, spaces or lines. */
  domains: string;
  allowAccountCreation: boolean;
}

const splitDomains = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim())
    .filter(Boolean);

/** The contracts' schema, with the domains typed as one text. */
const formSchema = v.object({
  ...SsoSettingsInputSchema.entries,
  domains: v.pipe(v.string(), v.transform(splitDomains), SsoSettingsInputSchema.entries.domains),
});

const valuesOf = (settings: SsoSettings | null): SsoFormValues => ({
  issuer: settings?.issuer ?? '',
  clientId: settings?.clientId ?? '',
  // Write-only: never sent back by the server; empty on a change keeps the stored one.
  clientSecret: '',
  domains: settings?.domains.join(', ') ?? '',
  allowAccountCreation: settings?.allowAccountCreation ?? false,
});

/** "Single sign-on" of one organization (issue 17): its OpenID Connect provider, domains, and a test of the provider. */
export function OrganizationSsoButton({ organization }: { organization: AdminOrganization }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="lg"
      title={`Single sign-on: ${organization.name}`}
      description="Let this organization's people sign in with their own identity provider (OpenID Connect: Microsoft Entra ID, Google Workspace, Okta)."
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={`Single sign-on of ${organization.name}`}
          data-testid="organization-sso"
        >
          Single sign-on
        </Button>
      }
      data-testid="organization-sso-dialog"
    >
      {open && <SsoSettingsLoader organizationId={organization.id} onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

function SsoSettingsLoader({ organizationId, onDone }: { organizationId: number; onDone: () => void }) {
  const settings = useQuery(adminSsoQueryOptions(organizationId));
  if (settings.isPending) return <LoadingStatus>Loading single sign-on...</LoadingStatus>;
  if (settings.isError)
    return <p role="alert">{failureMessage(settings.error, 'The settings could not be loaded. Please try again.')}</p>;
  return <SsoSettingsForm organizationId={organizationId} settings={settings.data} onDone={onDone} />;
}

function SsoSettingsForm({
  organizationId,
  settings,
  onDone,
}: {
  organizationId: number;
  settings: SsoSettings | null;
  onDone: () => void;
}) {
  const save = useSaveSso();
  const test = useTestSso();
  const remove = useRemoveSso();
  const [finding, setFinding] = useState<{ ok: boolean; message: string } | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const editing = settings !== null;
  const { form, alert } = useAlertForm<SsoFormValues>({
    testId: 'sso',
    fields: ['issuer', 'clientId', 'clientSecret', 'domains'],
    failureFallback: 'The settings could not be saved. Please try again.',
    defaultValues: valuesOf(settings),
    schema: formSchema as unknown as v.GenericSchema<SsoFormValues>,
    onSubmit: async (value) => {
      const input = v.parse(formSchema, value);
      await save.mutateAsync({ id: organizationId, input });
      notifySuccess('Single sign-on saved');
      const found = await test.mutateAsync(organizationId).catch(() => null);
      setFinding(found);
    },
  });
  const runTest = async () => {
    try {
      setFinding(await test.mutateAsync(organizationId));
    } catch (error) {
      notifyFailure('Test sign-in failed', error);
    }
  };
  const removeAll = async () => {
    try {
      await remove.mutateAsync(organizationId);
      notifySuccess('Single sign-on removed');
      onDone();
    } catch (error) {
      notifyFailure('Single sign-on could not be removed', error);
    }
  };
  const redirectUri = settings?.redirectUri ?? `${location.origin}/api/auth/sso/callback`;
  return (
    <form.AppForm>
      <AlertFormElement alert={alert} aria-label="Single sign-on settings" data-testid="sso-form">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Register this app at the provider with the redirect URI{' '}
          <code className="break-all rounded bg-slate-100 px-1 dark:bg-slate-800" data-testid="sso-redirect-uri">
            {redirectUri}
          </code>{' '}
          and the scopes <code>openid email profile</code>.
        </p>
        <form.AppField name="issuer">
          {(field) => (
            <field.TextField
              label="Issuer URL"
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="https://login.microsoftonline.com/<tenant id>/v2.0"
              description="Exactly as the provider's discovery document names it."
              formErrorId={alert.id}
              data-testid="sso-issuer"
            />
          )}
        </form.AppField>
        <form.AppField name="clientId">
          {(field) => (
            <field.TextField
              label="Client ID"
              required
              autoComplete="off"
              spellCheck={false}
              formErrorId={alert.id}
              data-testid="sso-client-id"
            />
          )}
        </form.AppField>
        <form.AppField name="clientSecret">
          {(field) => (
            <field.TextField
              label="Client secret"
              type="password"
              autoComplete="off"
              required={!editing}
              {...(editing && { description: 'Stored. Leave empty to keep the current secret.' })}
              formErrorId={alert.id}
              data-testid="sso-client-secret"
            />
          )}
        </form.AppField>
        <form.AppField name="domains">
          {(field) => (
            <field.TextField
              label="E-mail domains"
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="school.edu, staff.school.edu"
              description="People whose address ends in one of these sign in here. A domain belongs to one organization."
              formErrorId={alert.id}
              data-testid="sso-domains"
            />
          )}
        </form.AppField>
        <form.AppField name="allowAccountCreation">
          {(field) => (
            <field.CheckboxField
              label="Create accounts on first sign-in"
              description="A verified person of these domains without an account gets one, as a member of this organization. Off: only people you invited can sign in."
              data-testid="sso-allow-creation"
            />
          )}
        </form.AppField>
        {confirmingRemoval && (
          <p role="alert" className="text-sm text-slate-700 dark:text-slate-200">
            Remove single sign-on? This organization's people will sign in with passwords again (those who have none can
            ask for a reset link).
          </p>
        )}
        {finding && (
          <p
            role="status"
            className={
              finding.ok ? 'text-sm text-green-700 dark:text-green-300' : 'text-sm text-red-700 dark:text-red-300'
            }
            data-testid="sso-test-result"
          >
            {finding.ok ? 'Test passed: ' : 'Test failed: '}
            {finding.message}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {editing && (
            <>
              <Button
                type="button"
                variant="ghost"
                onClick={() => (confirmingRemoval ? void removeAll() : setConfirmingRemoval(true))}
                disabled={remove.isPending}
                data-testid="sso-remove"
              >
                {confirmingRemoval ? 'Yes, remove single sign-on' : 'Remove'}
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={() => void runTest()}
                disabled={test.isPending}
                data-testid="sso-test"
              >
                {test.isPending ? 'Testing...' : 'Test sign-in'}
              </Button>
            </>
          )}
          <form.FormActions pendingLabel="Saving..." data-testid="sso-save">
            Save
          </form.FormActions>
        </div>
      </AlertFormElement>
    </form.AppForm>
  );
}

import type { SsoSettings } from '@app/contracts';
import { SsoSettingsInputSchema } from '@app/contracts/api/sso';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { AlertFormElement, useAlertForm } from '../../../components/form/alert-form';
import { DeclaredField, type FieldSpec } from '../../../components/form/declared-field';
import { verbatimInput } from '../../../components/form/field-presets';
import { Button } from '../../../components/ui/button';
import { useRemoveSso, useSaveSso, useTestSso } from '../api/admin.mutations';
import { ConfirmPrompt } from '../kit/confirm-prompt';
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

/** The form's fields, in screen order; the secret's hint says a stored one is kept (`editing`). */
const fieldsOf = (editing: boolean): readonly FieldSpec<keyof SsoFormValues>[] => [
  {
    name: 'issuer',
    label: 'Issuer URL',
    required: true,
    ...verbatimInput,
    placeholder: 'https://login.microsoftonline.com/<tenant id>/v2.0',
    description: "Exactly as the provider's discovery document names it.",
    'data-testid': 'sso-issuer',
  },
  {
    name: 'clientId',
    label: 'Client ID',
    required: true,
    ...verbatimInput,
    'data-testid': 'sso-client-id',
  },
  {
    name: 'clientSecret',
    label: 'Client secret',
    type: 'password',
    autoComplete: 'off',
    required: !editing,
    ...(editing && { description: 'Stored. Leave empty to keep the current secret.' }),
    'data-testid': 'sso-client-secret',
  },
  {
    name: 'domains',
    label: 'E-mail domains',
    required: true,
    ...verbatimInput,
    placeholder: 'school.edu, staff.school.edu',
    description: 'People whose address ends in one of these sign in here. A domain belongs to one organization.',
    'data-testid': 'sso-domains',
  },
  {
    name: 'allowAccountCreation',
    kind: 'checkbox',
    label: 'Create accounts on first sign-in',
    description:
      'A verified person of these domains without an account gets one, as a member of this organization. Off: only people you invited can sign in.',
    'data-testid': 'sso-allow-creation',
  },
];

/** The settings of one organization's single sign-on: save (then test), test, or remove them. */
export function SsoSettingsForm({
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
  const removeButton = useRef<HTMLButtonElement>(null);
  const removeAll = async (close: () => void) => {
    try {
      await remove.mutateAsync(organizationId);
      close();
      notifySuccess('Single sign-on removed');
      onDone();
    } catch (error) {
      close();
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
        {fieldsOf(editing).map(({ name, ...spec }) => (
          <form.AppField key={name} name={name}>
            {() => <DeclaredField {...spec} {...(spec.kind !== 'checkbox' && { formErrorId: alert.id })} />}
          </form.AppField>
        ))}
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
                ref={removeButton}
                onClick={() => setConfirmingRemoval(true)}
                disabled={remove.isPending}
                data-testid="sso-remove"
              >
                Remove
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
      {confirmingRemoval ? (
        <ConfirmPrompt
          confirmation={{
            title: 'Remove single sign-on',
            question:
              "Remove single sign-on? This organization's people will sign in with passwords again (those who have none can ask for a reset link).",
            confirmLabel: 'Remove single sign-on',
            pendingLabel: 'Removing...',
            pending: remove.isPending,
            onConfirm: (close) => void removeAll(close),
            'data-testid': 'sso-remove-dialog',
          }}
          fallbackLabel="Remove"
          onClose={() => setConfirmingRemoval(false)}
          returnFocusTo={() => removeButton.current}
        />
      ) : null}
    </form.AppForm>
  );
}

// Long file: every provider's fields of the connection form, and a Power BI connection's capacity and import.

import type { EmbedConnection, EmbedProvider } from '@app/contracts';
import { AdminMessages } from '@app/contracts/api/admin';
import { EMBED_PROVIDER_LABELS, EMBED_PROVIDERS, EmbedConnectionInputSchema } from '@app/contracts/api/embedding';
import * as v from 'valibot';
import { verbatimInput } from '../../../components/form/field-presets';
import { ReadOnlyField } from '../../../components/form/read-only-field';
import type { TextFieldProps } from '../../../components/form/text-field';
import { type FieldIssues, validationIssues } from '../../../components/form/use-schema-form';
import { useSaveConnection } from '../api/admin.mutations';
import { PowerBiConnectionExtras } from '../components/powerbi-connection-extras';
import { KeyFileField } from './key-file-field';
import { requiredChoice, SavePanel, textValues, useSavePanel } from './panel-form';

/** The form's values: every provider's fields (only the chosen provider's are sent); secrets are never filled in. */
interface ConnectionValues {
  name: string;
  provider: EmbedProvider;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  siteUrl: string;
  siteName: string;
  secretId: string;
  secretValue: string;
  secretKey: string;
  serviceAccountKey: string;
  delegatedUser: string;
  ownsSharing: boolean;
}
type FieldName = Exclude<keyof ConnectionValues, 'name' | 'provider' | 'ownsSharing'>;

const valuesOf = (connection?: EmbedConnection): ConnectionValues => ({
  ...textValues(connection, ['name', 'tenantId', 'clientId', 'siteUrl', 'siteName', 'secretId', 'delegatedUser']),
  provider: connection?.provider ?? 'powerbi',
  ownsSharing: connection?.ownsSharing ?? false,
  // Write-only: the server never returns them, and an empty one on a change keeps the stored one.
  clientSecret: '',
  secretValue: '',
  secretKey: '',
  serviceAccountKey: '',
});

interface ProviderField {
  name: FieldName;
  label: string;
  secret?: true;
  /** A secret pasted or read from a file (the JSON key of a service account), not typed. */
  multiline?: true;
  type?: 'email';
  placeholder?: string;
  description?: string;
}

const GUID_PLACEHOLDER = '00000000-0000-0000-0000-000000000000';

/** Each provider's fields, in screen order (contracts/src/api/embedding.ts). */
const PROVIDER_FIELDS: Record<EmbedProvider, readonly ProviderField[]> = {
  powerbi: [
    {
      name: 'tenantId',
      label: 'Tenant ID',
      placeholder: GUID_PLACEHOLDER,
      description: 'The directory (tenant) id, or one of its verified domains such as contoso.onmicrosoft.com.',
    },
    { name: 'clientId', label: 'Client ID', placeholder: GUID_PLACEHOLDER, description: "The service principal's." },
    { name: 'clientSecret', label: 'Client secret', secret: true },
  ],
  tableau: [
    { name: 'siteUrl', label: 'Site URL', placeholder: 'https://tableau.example.com' },
    { name: 'siteName', label: 'Site name', description: "The site's content URL; empty for the Default site." },
    { name: 'clientId', label: 'Connected app client ID' },
    { name: 'secretId', label: 'Secret ID' },
    { name: 'secretValue', label: 'Secret value', secret: true },
  ],
  metabase: [
    { name: 'siteUrl', label: 'Site URL', placeholder: 'https://metabase.example.com' },
    { name: 'secretKey', label: 'Embedding secret key', secret: true },
  ],
  lookerstudio: [
    { name: 'serviceAccountKey', label: 'Service account key (JSON)', secret: true, multiline: true },
    {
      name: 'delegatedUser',
      label: 'Delegated user',
      type: 'email',
      placeholder: 'reports@example.com',
      description: 'The Workspace user the service account acts as (domain-wide delegation): an editor of the reports.',
    },
  ],
};

export const OWNS_SHARING_HINT =
  'Off: people someone shared a report with by hand are only reported. On: the portal removes them. Owners and editors are never touched.';

/** A 422's issues, or the name already taken (409) under the name. */
const nameTakenOrValidationIssues: FieldIssues = (error) =>
  error.status === 409 && error.serverMessage === AdminMessages.connectionNameTaken
    ? [{ path: 'name', message: error.serverMessage }]
    : validationIssues(error);

export const SECRET_KEPT_HINT = 'Stored. Leave empty to keep the current secret.';

const providerOptions = EMBED_PROVIDERS.map((provider) => ({
  value: provider,
  label: EMBED_PROVIDER_LABELS[provider],
}));

/** A new connection needs its secret; a change keeps the stored one when the field is left empty. */
const newConnectionSchema = v.pipe(
  EmbedConnectionInputSchema,
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const input = dataset.value as Record<string, unknown>;
    for (const field of PROVIDER_FIELDS[dataset.value.provider])
      if (field.secret && !input[field.name])
        addIssue({
          message: `${field.label} is required`,
          path: [{ type: 'object', origin: 'value', input, key: field.name, value: input[field.name] }],
        });
  }),
);

/** The input of a field: secrets are password inputs that browsers neither fill in nor offer to save. */
const inputOf = (
  field: ProviderField,
  editing: boolean,
  testId: string,
): TextFieldProps & { 'data-testid': string } => ({
  label: field.label,
  ...verbatimInput,
  'data-testid': testId,
  ...(field.placeholder && { placeholder: field.placeholder }),
  ...(field.type && { type: field.type }),
  ...(field.secret
    ? { type: 'password', required: !editing, ...(editing && { description: SECRET_KEPT_HINT }) }
    : {
        required: field.name !== 'siteName',
        ...(field.description && { description: field.description }),
      }),
});

/**
 * 'Create Connection', or 'Edit Connection' with Cancel when `connection` is given (key it by the id): the name, the
 * provider (fixed once made) and its fields. `onSaved` gets the saved connection with what testing it found.
 */
export function ConnectionForm({
  connection,
  onSaved,
  onDone,
}: {
  connection?: EmbedConnection | undefined;
  onSaved: (saved: { id: number; name: string; test: { ok: boolean; message: string } }) => void;
  onDone: () => void;
}) {
  const save = useSaveConnection();
  const editing = connection !== undefined;
  const { form, panel } = useSavePanel({
    thing: 'Connection',
    item: connection,
    valuesOf,
    schema: (editing ? EmbedConnectionInputSchema : newConnectionSchema) as unknown as v.GenericSchema<
      ConnectionValues,
      v.InferOutput<typeof EmbedConnectionInputSchema>
    >,
    save: async (request) => {
      const saved = await save.mutateAsync(request);
      onSaved(saved);
      return saved;
    },
    onDone,
    fieldIssues: nameTakenOrValidationIssues,
  });

  return (
    <>
      <form.AppForm>
        <SavePanel {...panel}>
          <form.AppField name="name">
            {(field) => <field.TextField label="Name" required autoComplete="off" data-testid="connection-name" />}
          </form.AppField>
          {connection ? (
            <ReadOnlyField
              label="Provider"
              value={EMBED_PROVIDER_LABELS[connection.provider]}
              description="Fixed once the connection is made."
              data-testid="connection-provider"
            />
          ) : (
            <form.AppField name="provider">
              {(field) => (
                <field.SelectField {...requiredChoice('Provider', undefined, providerOptions, 'connection-provider')} />
              )}
            </form.AppField>
          )}
          <form.Subscribe selector={(state) => state.values.provider}>
            {(provider) => (
              <>
                {PROVIDER_FIELDS[provider].map((spec) => (
                  <form.AppField key={`${provider}-${spec.name}`} name={spec.name}>
                    {(field) =>
                      spec.multiline ? (
                        <KeyFileField
                          label={spec.label}
                          hint={`${editing ? `${SECRET_KEPT_HINT} ` : ''}Paste the JSON key, or choose its file.`}
                          onRead={(text) => field.handleChange(text)}
                          textarea={(description) => (
                            <field.TextareaField
                              label={spec.label}
                              rows={6}
                              {...verbatimInput}
                              required={!editing}
                              placeholder='{ "type": "service_account", ... }'
                              description={description}
                              data-testid={`connection-${spec.name}`}
                            />
                          )}
                        />
                      ) : (
                        <field.TextField {...inputOf(spec, editing, `connection-${spec.name}`)} />
                      )
                    }
                  </form.AppField>
                ))}
                {provider === 'lookerstudio' ? (
                  <form.AppField name="ownsSharing">
                    {(field) => (
                      <field.CheckboxField
                        label="Remove members the portal did not add"
                        description={OWNS_SHARING_HINT}
                        data-testid="connection-ownsSharing"
                      />
                    )}
                  </form.AppField>
                ) : null}
              </>
            )}
          </form.Subscribe>
        </SavePanel>
      </form.AppForm>
      {connection?.provider === 'powerbi' ? <PowerBiConnectionExtras connection={connection} /> : null}
    </>
  );
}

// Long file: the dashboard form with the rules that tie its fields to the embed mode (public, type, the target), read in one place.
import type { AdminDashboard, DashboardInput, EmbedMode } from '@app/contracts';
import { DashboardInputSchema } from '@app/contracts/api/admin';
import { DASHBOARD_CATEGORIES, DASHBOARD_TYPES, TYPE_OF_EMBED_MODE } from '@app/contracts/api/dashboards';
import { EMBED_MODES, PUBLIC_SHARE_LINK_WARNING } from '@app/contracts/api/embedding';
import { useQuery } from '@tanstack/react-query';
import { verbatimInput } from '../../../components/form/field-presets';
import { Alert } from '../../../components/ui/alert';
import { Checkbox } from '../../../components/ui/checkbox';
import { useSaveDashboard } from '../api/admin.mutations';
import { adminConnectionsQueryOptions } from '../api/admin.queries';
import { EMBED_MODE_LABELS, isPublicShareInput, isTokenMode } from '../utils/embed';
import { ConnectionChoice } from './connection-choice';
import { LookerStudioFields } from './looker-studio-fields';
import { requiredChoice, SavePanel, useSavePanel } from './panel-form';

const valuesOf = (dashboard?: AdminDashboard): DashboardInput => ({
  name: dashboard?.name ?? '',
  description: dashboard?.description ?? '',
  category: dashboard?.category ?? '',
  // A token mode decides the type (a row saved before it did may say otherwise).
  type: (dashboard && TYPE_OF_EMBED_MODE[dashboard.embedMode]) ?? dashboard?.type ?? 'PowerBI',
  embedMode: dashboard?.embedMode ?? 'url',
  embedUrl: dashboard?.embedUrl ?? '',
  thumbnailUrl: dashboard?.thumbnailUrl ?? '',
  isPublic: dashboard?.isPublic ?? false,
  connectionId: dashboard?.connectionId ? String(dashboard.connectionId) : '',
  workspaceId: dashboard?.workspaceId ?? '',
  reportId: dashboard?.reportId ?? '',
  viewUrl: dashboard?.viewUrl ?? '',
  metabaseDashboardId: dashboard?.metabaseDashboardId ? String(dashboard.metabaseDashboardId) : '',
  assetName: dashboard?.assetName ?? '',
});

const categoryOptions = DASHBOARD_CATEGORIES.map((c) => ({ value: c, label: c }));
const typeOptions = DASHBOARD_TYPES.map((t) => ({ value: t, label: t }));
const modeOptions = EMBED_MODES.map((mode) => ({
  value: mode,
  label:
    mode === 'url'
      ? 'URL (the address as pasted)'
      : mode === 'lookerstudio'
        ? `${EMBED_MODE_LABELS[mode]} (shared per organization)`
        : `${EMBED_MODE_LABELS[mode]} (token per organization)`,
}));

const EMBED_HINT =
  'Paste a direct PowerBI embed URL, or the full iframe code: only the https address of its src is kept.';
const MODE_HINT =
  'A token mode shows each organization only its own data, with tokens the server mints per viewer; Looker Studio shares the report with the people of the organizations linked to it.';
export const TYPE_SET_BY_MODE = 'Set by the embed mode.';
export const PUBLIC_IN_TOKEN_MODE = 'Public samples are embedded by URL: tokens are minted per organization.';
const PUBLIC_IN_LOOKER_STUDIO =
  'Public samples are embedded by URL: Looker Studio reports are shared per organization.';

/** The provider's own fields of a token mode: where the report, view or dashboard is. */
const TARGET_FIELDS = {
  powerbi: [
    { name: 'workspaceId', label: 'Workspace ID', placeholder: '00000000-0000-0000-0000-000000000000' },
    { name: 'reportId', label: 'Report ID', placeholder: '00000000-0000-0000-0000-000000000000' },
  ],
  tableau: [{ name: 'viewUrl', label: 'View URL', placeholder: 'https://tableau.example.com/#/site/x/views/y/z' }],
  metabase: [{ name: 'metabaseDashboardId', label: 'Metabase dashboard ID', placeholder: '42' }],
} as const;

/** 'Create Dashboard', or 'Edit Dashboard' with Cancel when `dashboard` is given (key it by the id). */
export function DashboardForm({ dashboard, onDone }: { dashboard?: AdminDashboard | undefined; onDone: () => void }) {
  const save = useSaveDashboard();
  const connections = useQuery(adminConnectionsQueryOptions());
  const { form, panel } = useSavePanel({
    thing: 'Dashboard',
    item: dashboard,
    valuesOf,
    schema: DashboardInputSchema,
    save: save.mutateAsync,
    // The server could not reach the embed URL, or the provider refused the report: saved all the same, and the admin
    // is told (issue 12, item 3; issue 14).
    detail: (saved) => saved?.embedUrlWarning ?? undefined,
    onDone,
  });
  return (
    <form.AppForm>
      <SavePanel {...panel}>
        <form.AppField name="name">
          {(field) => <field.TextField label="Name" required data-testid="dashboard-name" />}
        </form.AppField>
        <form.AppField name="description">
          {(field) => <field.TextareaField label="Description" rows={3} data-testid="dashboard-description" />}
        </form.AppField>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <form.AppField name="category">
            {(field) => (
              <field.SelectField
                {...requiredChoice('Category', 'Select a category', categoryOptions, 'dashboard-category')}
              />
            )}
          </form.AppField>
          <form.Subscribe selector={(state) => TYPE_OF_EMBED_MODE[(state.values.embedMode ?? 'url') as EmbedMode]}>
            {(decided) => (
              <form.AppField name="type">
                {(field) => (
                  <field.SelectField
                    label="Type"
                    options={typeOptions}
                    required
                    disabled={decided !== undefined}
                    {...(decided && { description: TYPE_SET_BY_MODE })}
                    data-testid="dashboard-type"
                  />
                )}
              </form.AppField>
            )}
          </form.Subscribe>
        </div>
        <form.AppField
          name="embedMode"
          // A public sample is embedded by URL: a token mode is never public.
          // A token mode also decides the type (the server refuses another).
          listeners={{
            onChange: ({ value }) => {
              const mode = value as EmbedMode;
              if (isTokenMode(mode)) form.setFieldValue('isPublic', false);
              const decided = TYPE_OF_EMBED_MODE[mode];
              if (decided) form.setFieldValue('type', decided);
            },
          }}
        >
          {(field) => (
            <field.SelectField
              label="Embed"
              options={modeOptions}
              description={MODE_HINT}
              required
              data-testid="dashboard-embed-mode"
            />
          )}
        </form.AppField>
        <form.Subscribe selector={(state) => (state.values.embedMode ?? 'url') as EmbedMode}>
          {(mode) =>
            isTokenMode(mode) ? (
              <>
                <form.AppField name="connectionId">
                  {(field) => (
                    <ConnectionChoice
                      mode={mode}
                      connections={connections.data}
                      failed={connections.isError}
                      field={(options) => (
                        <field.SelectField
                          label="Connection"
                          options={options}
                          placeholder="Select a connection"
                          required
                          data-testid="dashboard-connection"
                        />
                      )}
                    />
                  )}
                </form.AppField>
                {mode === 'lookerstudio' ? (
                  <LookerStudioFields
                    form={form}
                    fields={{ connectionId: 'connectionId', assetName: 'assetName', embedUrl: 'embedUrl' }}
                  />
                ) : (
                  TARGET_FIELDS[mode].map((spec) => (
                    <form.AppField key={spec.name} name={spec.name}>
                      {(field) => (
                        <field.TextField
                          label={spec.label}
                          placeholder={spec.placeholder}
                          required
                          {...verbatimInput}
                          {...(spec.name === 'metabaseDashboardId' && { inputMode: 'numeric' })}
                          data-testid={`dashboard-${spec.name}`}
                        />
                      )}
                    </form.AppField>
                  ))
                )}
              </>
            ) : (
              <form.AppField name="embedUrl">
                {(field) => (
                  <>
                    <field.TextareaField
                      label="Embed URL or iframe code"
                      description={EMBED_HINT}
                      rows={4}
                      required
                      spellCheck={false}
                      data-testid="dashboard-embed-url"
                    />
                    {isPublicShareInput(String(field.state.value ?? '')) ? (
                      <Alert variant="warning" data-testid="dashboard-public-link-warning">
                        {`${PUBLIC_SHARE_LINK_WARNING}. Use a token mode to show each organization only its own data.`}
                      </Alert>
                    ) : null}
                  </>
                )}
              </form.AppField>
            )
          }
        </form.Subscribe>
        <form.AppField name="thumbnailUrl">
          {(field) => (
            <field.TextField
              label="Thumbnail URL (optional)"
              placeholder="https:// or /images/..."
              data-testid="dashboard-thumbnail-url"
            />
          )}
        </form.AppField>
        <form.Subscribe selector={(state) => (state.values.embedMode ?? 'url') as EmbedMode}>
          {(mode) => (
            <form.AppField name="isPublic">
              {(field) => (
                <Checkbox
                  label="Publicly viewable"
                  name={field.name}
                  checked={field.state.value === true && !isTokenMode(mode)}
                  onCheckedChange={(checked) => field.handleChange(checked)}
                  onBlur={field.handleBlur}
                  disabled={isTokenMode(mode)}
                  {...(isTokenMode(mode) && { className: 'opacity-80' })}
                  {...(isTokenMode(mode) && {
                    description: mode === 'lookerstudio' ? PUBLIC_IN_LOOKER_STUDIO : PUBLIC_IN_TOKEN_MODE,
                  })}
                  data-testid="dashboard-is-public"
                />
              )}
            </form.AppField>
          )}
        </form.Subscribe>
      </SavePanel>
    </form.AppForm>
  );
}

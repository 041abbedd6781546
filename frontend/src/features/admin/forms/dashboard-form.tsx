import type { AdminDashboard, DashboardInput } from '@app/contracts';
import { DashboardInputSchema } from '@app/contracts/api/admin';
import { DASHBOARD_CATEGORIES, DASHBOARD_TYPES } from '@app/contracts/api/dashboards';
import { useSaveDashboard } from '../api/admin.mutations';
import { SavePanel, useSavePanel } from './panel-form';

const valuesOf = (dashboard?: AdminDashboard): DashboardInput => ({
  name: dashboard?.name ?? '',
  description: dashboard?.description ?? '',
  category: dashboard?.category ?? '',
  type: dashboard?.type ?? 'PowerBI',
  embedUrl: dashboard?.embedUrl ?? '',
  thumbnailUrl: dashboard?.thumbnailUrl ?? '',
  isPublic: dashboard?.isPublic ?? false,
});

const categoryOptions = DASHBOARD_CATEGORIES.map((c) => ({ value: c, label: c }));
const typeOptions = DASHBOARD_TYPES.map((t) => ({ value: t, label: t }));

const EMBED_HINT =
  'Paste a direct PowerBI embed URL, or the full iframe code: only the https address of its src is kept.';

/** 'Create Dashboard', or 'Edit Dashboard' with Cancel when `dashboard` is given (key it by the id). */
export function DashboardForm({ dashboard, onDone }: { dashboard?: AdminDashboard | undefined; onDone: () => void }) {
  const save = useSaveDashboard();
  const { form, panel } = useSavePanel({
    thing: 'Dashboard',
    item: dashboard,
    valuesOf,
    schema: DashboardInputSchema,
    save: save.mutateAsync,
    // The server could not reach the embed URL: saved all the same, and the admin is told (issue 12, item 3).
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
                label="Category"
                options={categoryOptions}
                placeholder="Select a category"
                required
                data-testid="dashboard-category"
              />
            )}
          </form.AppField>
          <form.AppField name="type">
            {(field) => <field.SelectField label="Type" options={typeOptions} required data-testid="dashboard-type" />}
          </form.AppField>
        </div>
        <form.AppField name="embedUrl">
          {(field) => (
            <field.TextareaField
              label="Embed URL or iframe code"
              description={EMBED_HINT}
              rows={4}
              required
              spellCheck={false}
              data-testid="dashboard-embed-url"
            />
          )}
        </form.AppField>
        <form.AppField name="thumbnailUrl">
          {(field) => (
            <field.TextField
              label="Thumbnail URL (optional)"
              placeholder="https:// or /images/..."
              data-testid="dashboard-thumbnail-url"
            />
          )}
        </form.AppField>
        <form.AppField name="isPublic">
          {(field) => <field.CheckboxField label="Publicly viewable" data-testid="dashboard-is-public" />}
        </form.AppField>
      </SavePanel>
    </form.AppForm>
  );
}

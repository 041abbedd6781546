import type { AdminDashboard, AdminOrganization } from '@app/contracts';
import { OrganizationDashboardSchema } from '@app/contracts/api/admin';
import * as v from 'valibot';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useLinkDashboard } from '../api/admin.mutations';
import { organizationOptions } from '../utils/admin-lists';
import { notifyFailure, notifySuccess } from '../utils/notify';

/** 'Link Dashboard to Organization' (spec section 2, Associations). */
export function LinkDashboardForm({
  organizations,
  dashboards,
}: {
  organizations: readonly AdminOrganization[];
  dashboards: readonly AdminDashboard[];
}) {
  const link = useLinkDashboard();
  const form = useSchemaForm({
    defaultValues: { organizationId: '', dashboardId: '' } as v.InferInput<typeof OrganizationDashboardSchema>,
    schema: OrganizationDashboardSchema,
    onSubmit: async (value, formApi) => {
      const parsed = v.parse(OrganizationDashboardSchema, value);
      await link.mutateAsync({
        organizationId: Number(parsed.organizationId),
        dashboardId: Number(parsed.dashboardId),
      });
      notifySuccess('Dashboard linked to organization');
      formApi.reset();
    },
    onFailure: (error) => notifyFailure('Error linking dashboard', error, 'Failed to link dashboard'),
  });

  return (
    <form.AppForm>
      <form.FormElement
        aria-label="Link Dashboard to Organization"
        data-testid="link-dashboard-form"
        className="flex flex-col gap-4"
      >
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Link Dashboard to Organization</h2>
        <form.AppField name="organizationId">
          {(field) => (
            <field.SelectField
              label="Organization"
              placeholder="Select an organization"
              options={organizationOptions(organizations)}
              required
              data-testid="link-organization"
            />
          )}
        </form.AppField>
        <form.AppField name="dashboardId">
          {(field) => (
            <field.SelectField
              label="Dashboard"
              placeholder="Select a dashboard"
              options={dashboards.map((d) => ({ value: String(d.id), label: `${d.name} (${d.category})` }))}
              required
              data-testid="link-dashboard"
            />
          )}
        </form.AppField>
        <form.FormActions pendingLabel="Linking..." data-testid="link-submit">
          Link Dashboard
        </form.FormActions>
      </form.FormElement>
    </form.AppForm>
  );
}

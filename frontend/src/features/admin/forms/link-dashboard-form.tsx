import type { AdminDashboard, AdminOrganization } from '@app/contracts';
import { OrganizationDashboardSchema } from '@app/contracts/api/admin';
import * as v from 'valibot';
import { useLinkDashboard } from '../api/admin.mutations';
import { organizationOptions } from '../utils/admin-lists';
import { dashboardChoice, organizationChoice, PanelForm, useLinkPanel } from './panel-form';

/** 'Link Dashboard to Organization' (spec section 2, Associations). */
export function LinkDashboardForm({
  organizations,
  dashboards,
}: {
  organizations: readonly AdminOrganization[];
  dashboards: readonly AdminDashboard[];
}) {
  const link = useLinkDashboard();
  const form = useLinkPanel({
    defaultValues: { organizationId: '', dashboardId: '' } as v.InferInput<typeof OrganizationDashboardSchema>,
    schema: OrganizationDashboardSchema,
    link: (value) => {
      const parsed = v.parse(OrganizationDashboardSchema, value);
      return link.mutateAsync({
        organizationId: Number(parsed.organizationId),
        dashboardId: Number(parsed.dashboardId),
      });
    },
    done: 'Dashboard linked to organization',
    failed: ['Error linking dashboard', 'Failed to link dashboard'],
  });

  return (
    <form.AppForm>
      <PanelForm
        title="Link Dashboard to Organization"
        data-testid="link-dashboard-form"
        submit="Link Dashboard"
        actions={{ pendingLabel: 'Linking...', 'data-testid': 'link-submit' }}
      >
        <form.AppField name="organizationId">
          {(field) => (
            <field.SelectField {...organizationChoice(organizationOptions(organizations), 'link-organization')} />
          )}
        </form.AppField>
        <form.AppField name="dashboardId">
          {(field) => <field.SelectField {...dashboardChoice(dashboards, 'link-dashboard')} />}
        </form.AppField>
      </PanelForm>
    </form.AppForm>
  );
}

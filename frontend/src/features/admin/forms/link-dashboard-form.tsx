import type { AdminDashboard, AdminOrganization } from '@app/contracts';
import { OrganizationDashboardSchema } from '@app/contracts/api/admin';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { useLinkDashboard } from '../api/admin.mutations';
import { organizationOptions } from '../utils/admin-lists';
import { emptyScopeDraft, type ScopeDraft, scopedSchema, takesScope } from '../utils/scope-draft';
import { dashboardChoice, organizationChoice, PanelForm, useLinkPanel } from './panel-form';
import { ScopeFields } from './scope-fields';

const { organizationId, dashboardId } = OrganizationDashboardSchema.entries;

/**
 * 'Link Dashboard to Organization' (spec section 2, Associations). A token-mode dashboard (issue 14) is linked with
 * the organization's data scope, edited in the form fitted to its provider.
 */
export function LinkDashboardForm({
  organizations,
  dashboards,
  organization,
  onDone,
}: {
  organizations: readonly AdminOrganization[];
  dashboards: readonly AdminDashboard[];
  /** Links to this organization only (its page, issue 27): no organization to choose. */
  organization?: AdminOrganization | undefined;
  /** After linking (the side panel closes). */
  onDone?: () => void;
}) {
  const link = useLinkDashboard();
  // The dashboards' modes as they are at each check (the list may change while the form is open).
  const latest = useRef(dashboards);
  latest.current = dashboards;
  const modeOf = (id: unknown) => latest.current.find((d) => String(d.id) === String(id))?.embedMode;
  const [schema] = useState(() =>
    scopedSchema({ organizationId, dashboardId }, (values) => modeOf(values.dashboardId)),
  );
  const form = useLinkPanel({
    defaultValues: {
      organizationId: organization ? String(organization.id) : '',
      dashboardId: '',
      scope: emptyScopeDraft(),
    } as v.InferInput<typeof OrganizationDashboardSchema> & { scope: ScopeDraft },
    schema: schema as unknown as v.GenericSchema<
      v.InferInput<typeof OrganizationDashboardSchema> & { scope: ScopeDraft },
      unknown
    >,
    link: (value) => {
      const parsed = v.parse(schema, value);
      const ids = { organizationId: Number(parsed.organizationId), dashboardId: Number(parsed.dashboardId) };
      return link.mutateAsync(takesScope(modeOf(parsed.dashboardId)) ? { ...ids, dataScope: parsed.dataScope } : ids);
    },
    done: 'Dashboard linked to organization',
    failed: ['Error linking dashboard', 'Failed to link dashboard'],
    onDone,
  });

  return (
    <form.AppForm>
      <PanelForm
        title={organization ? 'Link a Dashboard' : 'Link Dashboard to Organization'}
        data-testid="link-dashboard-form"
        submit="Link Dashboard"
        actions={{ pendingLabel: 'Linking...', 'data-testid': 'link-submit' }}
      >
        {organization ? null : (
          <form.AppField name="organizationId">
            {(field) => (
              <field.SelectField {...organizationChoice(organizationOptions(organizations), 'link-organization')} />
            )}
          </form.AppField>
        )}
        <form.AppField name="dashboardId">
          {(field) => <field.SelectField {...dashboardChoice(dashboards, 'link-dashboard')} />}
        </form.AppField>
        <form.Subscribe selector={(state) => modeOf(state.values.dashboardId)}>
          {(mode) =>
            takesScope(mode) ? (
              <ScopeFields key={mode} form={form} fields="scope" mode={mode} testIdPrefix="link-scope" />
            ) : null
          }
        </form.Subscribe>
      </PanelForm>
    </form.AppForm>
  );
}

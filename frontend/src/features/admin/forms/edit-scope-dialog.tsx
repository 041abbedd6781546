import type { OrganizationDashboardLink } from '@app/contracts';
import { useState } from 'react';
import * as v from 'valibot';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { Dialog } from '../../../components/ui/dialog';
import { failureMessage } from '../../../lib/api';
import { useChangeLinkScope } from '../api/admin.mutations';
import { RowButton } from '../components/admin-panel';
import { EMBED_MODE_LABELS } from '../utils/embed';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { type ScopedProvider, scopeDraftOf, scopedSchema } from '../utils/scope-draft';
import { ScopeFields } from './scope-fields';

/** The form of 'Edit scope': the link's scope, checked as the server checks it, sent with PUT. */
export function EditScopeForm({
  link,
  mode,
  onClose,
}: {
  link: OrganizationDashboardLink;
  mode: ScopedProvider;
  onClose: () => void;
}) {
  const change = useChangeLinkScope();
  const [serverError, setServerError] = useState<string | null>(null);
  const [schema] = useState(() => scopedSchema({}, () => mode));
  const form = useSchemaForm({
    defaultValues: { scope: scopeDraftOf(mode, link.dataScope) },
    schema,
    onAttempt: () => setServerError(null),
    onSubmit: async (value) => {
      const { dataScope } = v.parse(schema, value);
      await change.mutateAsync({ organizationId: link.organizationId, dashboardId: link.dashboardId, dataScope });
      notifySuccess('Data scope updated', `${link.dashboardName} for ${link.organizationName}`);
      onClose();
    },
    onFailure: (error) => {
      setServerError(failureMessage(error, 'Failed to update the data scope'));
      notifyFailure('Error updating data scope', error, 'Failed to update the data scope');
    },
  });
  return (
    <form.AppForm>
      <form.FormElement aria-label="Edit data scope" data-testid="edit-scope-form" className="flex flex-col gap-4">
        {serverError ? (
          <Alert variant="error" data-testid="edit-scope-error">
            {serverError}
          </Alert>
        ) : null}
        <ScopeFields form={form} fields="scope" mode={mode} testIdPrefix="edit-scope" />
        <form.FormActions
          pendingLabel="Saving..."
          layout="dialog"
          cancel={{ onClick: onClose, 'data-testid': 'edit-scope-cancel' }}
          data-testid="edit-scope-submit"
        >
          Save scope
        </form.FormActions>
      </form.FormElement>
    </form.AppForm>
  );
}

/** What the scope editor's heading says under it: whose view of which dashboard, in which provider. */
export const editScopeDescription = (link: OrganizationDashboardLink, mode: ScopedProvider) =>
  `What ${link.organizationName} sees of '${link.dashboardName}' (${EMBED_MODE_LABELS[mode]}).`;

/** A link's 'Edit scope' row action (token-mode dashboards only): the scope editor in a dialog. */
export function EditScopeButton({ link, mode }: { link: OrganizationDashboardLink; mode: ScopedProvider }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <RowButton
          label="Edit scope"
          name={`Edit scope of ${link.dashboardName} for ${link.organizationName}`}
          data-testid="association-edit-scope"
        />
      }
      title="Edit Data Scope"
      description={editScopeDescription(link, mode)}
      size="lg"
      data-testid="edit-scope-dialog"
    >
      <EditScopeForm link={link} mode={mode} onClose={() => setOpen(false)} />
    </Dialog>
  );
}

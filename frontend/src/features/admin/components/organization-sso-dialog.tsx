import type { AdminOrganization } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LoadingStatus } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api';
import { adminSsoQueryOptions } from '../api/admin.queries';
import { SsoSettingsForm } from '../forms/sso-settings-form';
import { SidePanel } from '../kit/side-panel';

/**
 * "Single sign-on" of one organization (issue 17) in a side panel (issue 27): its OpenID Connect provider, domains,
 * and a test of the provider. Opened from code (a row's menu): `returnFocusTo` gets focus back when it closes.
 */
function OrganizationSsoPanel({
  organization,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  organization: AdminOrganization;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: () => HTMLElement | null;
}) {
  return (
    <SidePanel
      open={open}
      onOpenChange={onOpenChange}
      title={`Single sign-on: ${organization.name}`}
      description="Let this organization's people sign in with their own identity provider (OpenID Connect: Microsoft Entra ID, Google Workspace, Okta)."
      {...(returnFocusTo && { returnFocusTo })}
      data-testid="organization-sso-dialog"
    >
      {open && <SsoSettingsLoader organizationId={organization.id} onDone={() => onOpenChange(false)} />}
    </SidePanel>
  );
}

/** The 'Single sign-on' button of one organization, and the side panel it opens. */
export function OrganizationSsoButton({ organization }: { organization: AdminOrganization }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        size="sm"
        aria-label={`Single sign-on of ${organization.name}`}
        onClick={() => setOpen(true)}
        data-testid="organization-sso"
      >
        Single sign-on
      </Button>
      <OrganizationSsoPanel
        organization={organization}
        open={open}
        onOpenChange={setOpen}
        returnFocusTo={() => button.current}
      />
    </>
  );
}

function SsoSettingsLoader({ organizationId, onDone }: { organizationId: number; onDone: () => void }) {
  const settings = useQuery(adminSsoQueryOptions(organizationId));
  if (settings.isPending) return <LoadingStatus>Loading single sign-on...</LoadingStatus>;
  if (settings.isError)
    return <p role="alert">{failureMessage(settings.error, 'The settings could not be loaded. Please try again.')}</p>;
  return <SsoSettingsForm organizationId={organizationId} settings={settings.data} onDone={onDone} />;
}

import type { AdminDashboard, AdminOrganization, OrganizationDashboardLink } from '@app/contracts';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { useUnlinkDashboard } from '../api/admin.mutations';
import { runWithToasts } from '../forms/edit-user-actions';
import type { Confirmation } from '../kit/confirm-prompt';
import { EMBED_MODE_LABELS } from '../utils/embed';
import { scopeSummary, takesScope } from '../utils/scope-draft';
import { ConfirmAction } from './admin-panel';
import { StatusStack } from './admin-parts';

/** What may be out of step in a link (issue 27), the worst first; none: 'In step'. */
type LinkProblem = 'no-scope' | 'report-gone' | 'sharing-failing' | 'organization-inactive';

const LINK_PROBLEMS = {
  'no-scope': ['No data scope', 'warning', 'Its members are refused this dashboard until one is set up.'],
  'report-gone': ['Report gone', 'danger', 'The nightly check found its report or workspace gone.'],
  'sharing-failing': ['Sharing failing', 'danger', 'Looker Studio sharing with its people failed.'],
  'organization-inactive': ['Organization inactive', 'neutral', 'Its members have no access until it is activated.'],
} as const satisfies Record<LinkProblem, readonly [string, BadgeVariant, string]>;

/** A link's problems: its scope, its dashboard's checks (as the Dashboards list shows them), its organization. */
function linkProblems(
  link: OrganizationDashboardLink,
  dashboard: AdminDashboard | undefined,
  organization: AdminOrganization | undefined,
): LinkProblem[] {
  const problems: LinkProblem[] = [];
  if (takesScope(link.dashboardEmbedMode) && !link.dataScope) problems.push('no-scope');
  if (dashboard?.targetProblem) problems.push('report-gone');
  if (dashboard?.sharing?.state === 'failing') problems.push('sharing-failing');
  if (organization && !organization.isActive) problems.push('organization-inactive');
  return problems;
}

/** 'In step', or each problem as a badge with why, for screen readers and a hover too. */
export function LinkStatus({
  link,
  dashboard,
  organization,
}: {
  link: OrganizationDashboardLink;
  dashboard: AdminDashboard | undefined;
  organization: AdminOrganization | undefined;
}) {
  const problems = linkProblems(link, dashboard, organization);
  return (
    <StatusStack data-testid="association-status" state={problems[0] ?? 'in-step'}>
      {problems.length === 0 ? <Badge variant="success">In step</Badge> : null}
      {problems.map((problem) => {
        const [label, variant, why] = LINK_PROBLEMS[problem];
        return (
          <span key={problem} className="flex max-w-48 flex-col items-start gap-0.5 text-xs">
            <Badge variant={variant}>{label}</Badge>
            <span className="text-slate-600 dark:text-slate-400">{why}</span>
          </span>
        );
      })}
    </StatusStack>
  );
}

export const unlinkQuestion = (link: OrganizationDashboardLink) =>
  `Unlink '${link.dashboardName}' from '${link.organizationName}'? Its members will no longer see this dashboard.`;

/**
 * Unlinking a dashboard from an organization: the question asked first, then the unlink and its toast (`afterwards`
 * runs once the question has closed).
 */
export function useUnlink() {
  const unlink = useUnlinkDashboard();
  return (link: OrganizationDashboardLink, afterwards?: () => void): Confirmation => ({
    title: 'Unlink Dashboard',
    question: unlinkQuestion(link),
    pendingLabel: 'Unlinking...',
    pending: unlink.isPending,
    onConfirm: (close) =>
      void runWithToasts(
        () => unlink.mutateAsync({ organizationId: link.organizationId, dashboardId: link.dashboardId }),
        ['Dashboard unlinked from organization'],
        ['Error unlinking dashboard', 'Failed to unlink dashboard'],
        () => {
          close();
          afterwards?.();
        },
      ),
    'data-testid': 'unlink-dashboard-dialog',
  });
}

/** The Unlink action of one link on the organization's page, asked first. */
export function UnlinkButton({ link }: { link: OrganizationDashboardLink }) {
  const unlink = useUnlink();
  return (
    <ConfirmAction
      label="Unlink"
      target={`${link.dashboardName} from ${link.organizationName}`}
      data-testid="association-unlink"
      confirm={unlink(link)}
    />
  );
}

/** A link's data scope in words (token modes), 'Not set up' when it has none, or why it takes none. */
export function DataScopeSummary({ link }: { link: OrganizationDashboardLink }) {
  const mode = link.dashboardEmbedMode;
  // A Looker Studio report is shared with the organization's people (issue 28): no scope to edit.
  if (!takesScope(mode))
    return (
      <span className="text-slate-500 dark:text-slate-400">
        {mode === 'lookerstudio' ? '- (shared in Looker Studio)' : '- (URL)'}
      </span>
    );
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="text-xs text-slate-600 dark:text-slate-400">{EMBED_MODE_LABELS[mode]}</span>
      {link.dataScope ? (
        <span className="break-words">{scopeSummary(mode, link.dataScope)}</span>
      ) : (
        // Refused to the organization's members until it is set up (issue 14).
        <Badge variant="warning">Not set up</Badge>
      )}
    </span>
  );
}

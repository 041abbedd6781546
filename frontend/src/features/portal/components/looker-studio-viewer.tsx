import type { DashboardDetail } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Clock, UserRound } from 'lucide-react';
import { useState } from 'react';
import { recordDashboardView } from '../api/portal.queries';
import { EmbedViewer } from './embed-viewer';

/** Looker Studio may take this long to let in an account the report was just shared with. */
const FRESH_GRANT_MS = 60_000;

export const sharedWithNotice = (googleAccount: string) =>
  `This report is shared with ${googleAccount}. Looker Studio asks you to sign in to Google with that account.`;
export const FRESH_GRANT_NOTICE =
  'Access was granted a moment ago; if the report says you have no access, reload in a minute.';
export const PREVIEW_NOTICE =
  'Preview: Looker Studio shows the report to the Google account signed in in this browser, if it may see the report. Clients see it with their own Google account (their e-mail address unless they set another), which the portal shares it with.';

/** Whether access granted at `grantedAt` is less than a minute old at `now`. */
function isFreshGrant(grantedAt: string | null | undefined, now: number): boolean {
  if (!grantedAt) return false;
  const at = Date.parse(grantedAt);
  return Number.isFinite(at) && now - at < FRESH_GRANT_MS && now - at > -FRESH_GRANT_MS;
}

/**
 * The viewer of a Looker Studio dashboard (issue 28): the report in its frame (the portal shared it with the person's
 * Google account, D36), and above it which account that is, since Looker Studio asks them to sign in to Google with it;
 * a grant less than a minute old is said to be so (Google takes a moment). An admin's preview says whose access
 * applies.
 */
export function LookerStudioViewer({
  dashboard,
  loadTimeoutMs,
}: {
  dashboard: DashboardDetail;
  loadTimeoutMs?: number;
}) {
  const queryClient = useQueryClient();
  const googleAccount = dashboard.lookerStudio?.googleAccount ?? null;
  // Read once: the notice is about the moment the page was opened.
  const [fresh] = useState(() => isFreshGrant(dashboard.lookerStudio?.grantedAt, Date.now()));
  return (
    <div className="flex flex-col gap-4">
      <aside
        aria-label="Google account"
        className="flex gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm leading-6 text-blue-950 dark:border-blue-900 dark:bg-blue-950/60 dark:text-blue-100"
        data-testid="looker-studio-notice"
      >
        <UserRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-blue-700 dark:text-blue-300" />
        <div className="flex min-w-0 flex-col gap-2">
          {googleAccount ? (
            <>
              <p data-testid="looker-studio-account">
                This report is shared with{' '}
                <strong className="font-semibold break-all" data-testid="looker-studio-google-account">
                  {googleAccount}
                </strong>
                . Looker Studio asks you to sign in to Google with that account.
              </p>
              <p className="text-blue-900 dark:text-blue-200">
                Use another Google account?{' '}
                <Link to="/account" className="font-medium underline hover:no-underline">
                  Change it in Account Settings
                </Link>
                .
              </p>
            </>
          ) : (
            <p data-testid="looker-studio-preview">{PREVIEW_NOTICE}</p>
          )}
          {fresh ? (
            <p className="flex items-start gap-2 font-medium" role="status" data-testid="looker-studio-fresh">
              <Clock aria-hidden="true" className="mt-1 size-4 shrink-0" />
              {FRESH_GRANT_NOTICE}
            </p>
          ) : null}
        </div>
      </aside>
      <EmbedViewer
        url={dashboard.embedUrl}
        title={dashboard.name}
        onOutcome={(loaded) => void recordDashboardView(queryClient, dashboard.id, loaded)}
        {...(loadTimeoutMs !== undefined && { loadTimeoutMs })}
      />
    </div>
  );
}

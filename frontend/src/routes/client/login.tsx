import { useQuery } from '@tanstack/react-query';
import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { Building2, LayoutDashboard } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';
import { redirectIfSignedIn } from '../../features/auth/api/auth.guards';
import { AuthCard, ContactUsLine } from '../../features/auth/components/auth-card';
import { ClientLoginForm } from '../../features/auth/forms/client-login-form';
import { CLIENT_HOME } from '../../features/auth/utils/after-sign-in';
import { configQueryOptions } from '../../features/config/api/config.queries';
import { pageTitle } from '../../lib/page-title';
import { validateRedirectSearch } from '../../lib/safe-redirect';

export const Route = createFileRoute('/client/login')({
  // `redirect` is kept by GET /api/login (D2): where to go instead of /client/dashboard.
  validateSearch: validateRedirectSearch,
  // Spec section 2: already signed in, straight to the dashboards.
  beforeLoad: ({ context, search }) => redirectIfSignedIn({ context }, search.redirect ?? CLIENT_HOME),
  head: () => ({
    meta: [
      { title: pageTitle('Client Dashboard Login') },
      {
        name: 'description',
        content:
          "Sign in to the Lucid Insight client portal to see your organization's PowerBI and Looker Studio dashboards.",
      },
    ],
  }),
  component: ClientLoginPage,
});

function ClientLoginPage() {
  // Not `Route`: the page's code-split chunk then needs nothing of this file, which stays in the entry.
  const { redirect } = getRouteApi('/client/login').useSearch();
  return (
    <AuthCard
      icon={LayoutDashboard}
      title="Client Dashboard Login"
      description={<p>Sign in to view the dashboards of your organization.</p>}
      data-testid="client-login-card"
      footer={<ContactUsLine lead="Don't have access yet?" testId="client-login-contact" />}
    >
      <ClientLoginForm redirectUrl={redirect} />
      <CompanySignIn redirect={redirect} />
    </AuthCard>
  );
}

/**
 * 'Log in with your company account': a full page load of /api/login, the server route that starts single sign-on
 * (D2). Shown only when the API says single sign-on is configured (GET /api/config `singleSignOn`); otherwise
 * /api/login only comes back here, a dead end. The label wraps on a narrow card and the icon keeps its size.
 */
function CompanySignIn({ redirect }: { redirect: string | undefined }) {
  const config = useQuery(configQueryOptions());
  if (config.data?.singleSignOn !== true) return null;
  return (
    <>
      <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        or
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <a
        href={redirect ? `/api/login?redirect=${encodeURIComponent(redirect)}` : '/api/login'}
        className={buttonClass({
          variant: 'outline',
          size: 'lg',
          className: 'h-auto! min-h-12 w-full py-2 text-center whitespace-normal!',
        })}
        data-testid="client-login-sso"
      >
        <Building2 aria-hidden="true" className="size-4 shrink-0" data-testid="client-login-sso-icon" />
        <span className="min-w-0">Log in with your company account</span>
      </a>
    </>
  );
}

import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { LogIn } from 'lucide-react';
import { redirectIfSignedIn } from '../features/auth/api/auth.guards';
import { AuthCard } from '../features/auth/components/auth-card';
import { LoginForm } from '../features/auth/forms/login-form';
import { afterSignInPath } from '../features/auth/utils/after-sign-in';
import { pageTitle } from '../lib/page-title';
import { validateRedirectSearch } from '../lib/safe-redirect';

export const Route = createFileRoute('/login')({
  validateSearch: validateRedirectSearch,
  // Already signed in: where the visitor was heading, else the client portal (a client) or home (an administrator).
  beforeLoad: ({ context, search }) =>
    redirectIfSignedIn({ context }, (user) => afterSignInPath(user, search.redirect)),
  head: () => ({ meta: [{ title: pageTitle('Sign In') }] }),
  component: LoginPage,
});

function LoginPage() {
  // Not `Route`: the page's code-split chunk then needs nothing of this file, which stays in the entry.
  const { redirect } = getRouteApi('/login').useSearch();
  return (
    <AuthCard
      icon={<LogIn aria-hidden="true" className="size-6" />}
      title="Sign In"
      description={<p>Sign in to your account to continue.</p>}
      data-testid="login-card"
    >
      <LoginForm redirectUrl={redirect} />
    </AuthCard>
  );
}

import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { LogIn } from 'lucide-react';
import { redirectIfSignedIn } from '../features/auth/api/auth.guards';
import { AuthCard } from '../features/auth/components/auth-card';
import { LoginForm } from '../features/auth/forms/login-form';
import { afterSignInPath } from '../features/auth/utils/after-sign-in';
import { pageTitle } from '../lib/page-title';
import { type RedirectSearch, validateRedirectSearch } from '../lib/safe-redirect';

/** `email`: the address to fill in (a link that set a password sends an administrator here, issue 26). */
const validateLoginSearch = (search: Record<string, unknown>): RedirectSearch & { email?: string | undefined } => ({
  ...validateRedirectSearch(search),
  email: typeof search.email === 'string' && search.email.length <= 254 ? search.email : undefined,
});

export const Route = createFileRoute('/login')({
  validateSearch: validateLoginSearch,
  // Already signed in: where the visitor was heading, else the client portal (a client) or home (an administrator).
  beforeLoad: ({ context, search }) =>
    redirectIfSignedIn({ context }, (user) => afterSignInPath(user, search.redirect)),
  head: () => ({ meta: [{ title: pageTitle('Sign In') }] }),
  component: LoginPage,
});

function LoginPage() {
  // Not `Route`: the page's code-split chunk then needs nothing of this file, which stays in the entry.
  const { redirect, email } = getRouteApi('/login').useSearch();
  return (
    <AuthCard
      icon={LogIn}
      title="Sign In"
      description={<p>Sign in to your account to continue.</p>}
      data-testid="login-card"
    >
      <LoginForm redirectUrl={redirect} email={email} />
    </AuthCard>
  );
}

import type { User } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { ENROL_PATH, mustEnrolFirst } from '../utils/after-sign-in';
import { loadCurrentUser } from './auth.queries';

interface GuardArgs {
  context: { queryClient: QueryClient };
  location: { href: string; pathname: string };
}

/**
 * An administrator who must set up two-factor sign-in does that before anything else (issue 26: every page, the
 * client portal's and the account page included; the API refuses them everything else meanwhile).
 */
export function enrolFirst(user: User | null, pathname: string): void {
  if (mustEnrolFirst(user, pathname)) throw redirect({ to: ENROL_PATH });
}

/**
 * `beforeLoad` of the signed-in area: an anonymous visitor goes to /login and comes back afterwards
 * (`/login?redirect=/account`); an administrator who must set up two-factor sign-in goes to do that. Gives the user
 * to the child routes' context.
 */
export async function requireUser({ context, location }: GuardArgs): Promise<{ user: User }> {
  const user = await loadCurrentUser(context.queryClient);
  if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
  enrolFirst(user, location.pathname);
  return { user };
}

/**
 * `beforeLoad` of the admin area: everyone but an administrator goes home (spec section 6); an administrator who must
 * set up two-factor sign-in first goes to its page (issue 17: the API refuses them every admin route until then).
 */
export async function requireAdmin({ context }: Pick<GuardArgs, 'context'>): Promise<{ user: User }> {
  const user = await loadCurrentUser(context.queryClient);
  if (!user?.isAdmin) throw redirect({ to: '/' });
  enrolFirst(user, '/admin');
  return { user };
}

/**
 * `beforeLoad` of the sign-in pages, which make no sense signed in (/login and /client/login): go where the visitor
 * was heading, `to` or what `to` gives for the signed-in user.
 */
export async function redirectIfSignedIn(
  { context }: Pick<GuardArgs, 'context'>,
  to: string | ((user: User) => string),
): Promise<{ user: null }> {
  const user = await loadCurrentUser(context.queryClient);
  if (user) throw redirect({ href: typeof to === 'string' ? to : to(user) });
  return { user: null };
}

import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppLayout } from '../../../app/layout/app-layout';
import { PageContainer } from '../../../components/layout/page-header';
import { LoadingStatus } from '../../../components/ui/spinner';
import { enrolFirst } from '../../../features/auth/api/auth.guards';
import { loadCurrentUser, useCurrentUser } from '../../../features/auth/api/auth.queries';
import { AccessRequired } from '../../../features/auth/components/access-required';

/**
 * The client portal (/client/dashboard and /client/dashboard/$id). An anonymous visitor sees 'Access Required' in
 * place (spec section 2) rather than a redirect; an administrator who must set up two-factor sign-in goes to do that. Child routes get `context.user` (null when anonymous) so their
 * loaders can skip the portal's data for anonymous visitors.
 */
export const Route = createFileRoute('/client/dashboard')({
  beforeLoad: async ({ context, location }) => {
    const user = await loadCurrentUser(context.queryClient);
    // An administrator who must set up two-factor sign-in does that first (issue 26).
    enrolFirst(user, location.pathname);
    return { user };
  },
  component: ClientPortalLayout,
});

/** The application layout (full width, its own header, issue 12 item 10) around the portal's pages. */
function ClientPortalLayout() {
  return (
    <AppLayout>
      <ClientPortalContent />
    </AppLayout>
  );
}

function ClientPortalContent() {
  // The cache, not the context: it follows a log-out or a sign-in without another navigation.
  const { user, isLoading } = useCurrentUser();
  if (isLoading)
    return (
      <PageContainer>
        <LoadingStatus>Loading...</LoadingStatus>
      </PageContainer>
    );
  return user ? <Outlet /> : <AccessRequired />;
}

import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AppLayout } from '../components/layout/app-layout';
import { requireAdmin } from '../features/auth/api/auth.guards';

/**
 * The administrators' area (a pathless layout, house style): anyone else, signed in or not, goes home once the
 * current user is known (spec section 6). The API refuses them too (D10).
 */
export const Route = createFileRoute('/_admin')({
  beforeLoad: requireAdmin,
  component: AdminLayout,
});

/** The application layout (full width, its own header), not the marketing one. */
function AdminLayout() {
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { AppLayoutOutlet } from '../app/layout/app-layout';
import { requireAdmin } from '../features/auth/api/auth.guards';

/**
 * The administrators' area (a pathless layout, house style): anyone else, signed in or not, goes home once the
 * current user is known (spec section 6). The API refuses them too (D10).
 */
export const Route = createFileRoute('/_admin')({
  beforeLoad: requireAdmin,
  component: AppLayoutOutlet,
});

import { createFileRoute } from '@tanstack/react-router';
import { AppLayoutOutlet } from '../app/layout/app-layout';
import { requireUser } from '../features/auth/api/auth.guards';

/**
 * The signed-in area (a pathless layout, house style): an anonymous visitor is sent to /login and brought back after
 * signing in (`/login?redirect=/account`).
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: requireUser,
  component: AppLayoutOutlet,
});

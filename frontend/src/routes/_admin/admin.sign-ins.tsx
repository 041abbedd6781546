import { createFileRoute } from '@tanstack/react-router';
import { sectionPage } from '../../features/admin/components/section-page';
import { SignInsTab } from '../../features/admin/components/sign-ins-tab';
import { sectionHead } from '../../features/admin/sections';

/** Sign-ins: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/sign-ins')({
  head: sectionHead('sign-ins'),
  component: sectionPage('sign-ins', SignInsTab),
});

import { createFileRoute } from '@tanstack/react-router';
import { SectionPage } from '../../features/admin/components/section-page';
import { SignInsTab } from '../../features/admin/components/sign-ins-tab';
import { pageTitle } from '../../lib/page-title';

/** Sign-ins: a section of the administration (issue 27, /admin-routes.md). */
export const Route = createFileRoute('/_admin/admin/sign-ins')({
  head: () => ({ meta: [{ title: pageTitle('Sign-ins · Admin') }] }),
  component: SignInsRoute,
});

function SignInsRoute() {
  return (
    <SectionPage title="Sign-ins" testId="admin-panel-sign-ins">
      <SignInsTab />
    </SectionPage>
  );
}

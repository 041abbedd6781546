import { createFileRoute } from '@tanstack/react-router';
import { TwoFactorEnrolment } from '../../features/auth/components/two-factor-enrolment';
import { pageTitle } from '../../lib/page-title';

/** Where an administrator who must use two-factor sign-in is sent until they set it up (issue 17). */
export const Route = createFileRoute('/_authenticated/account_/two-factor')({
  head: () => ({ meta: [{ title: pageTitle('Two-Factor Sign-In') }] }),
  component: TwoFactorEnrolment,
});

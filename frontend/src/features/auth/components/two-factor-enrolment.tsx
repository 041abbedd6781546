import { Link } from '@tanstack/react-router';
import { PageContainer, PageHeader } from '../../../components/layout/page-header';
import { Card } from '../../../components/ui/card';
import { useCurrentUser } from '../api/auth.queries';
import { TwoFactorSection } from './two-factor-section';

/**
 * /account/two-factor (issue 17): the set-up alone, for an administrator whom the administration sends here until
 * they have it (the setting 'Require two-factor sign-in for all administrators'), and for anyone who follows a link.
 */
export function TwoFactorEnrolment() {
  const { user } = useCurrentUser();
  const done = user?.twoFactor?.enabled === true;
  return (
    <PageContainer>
      <PageHeader
        title="Two-Factor Sign-In"
        lead={
          user?.twoFactor?.enrolmentRequired
            ? 'Administrators hold the keys to every client’s data, so their accounts need a second step at sign-in. Set it up to continue.'
            : 'A code from an app on your phone, asked for after your password.'
        }
      />
      <Card className="mt-10 max-w-2xl p-6 sm:p-8">
        <TwoFactorSection />
        <p className="mt-6 text-sm">
          {done && user?.isAdmin ? (
            <Link
              to="/admin"
              className="font-medium text-blue-700 underline dark:text-blue-400"
              data-testid="two-factor-continue"
            >
              Continue to the administration
            </Link>
          ) : user?.twoFactor?.enrolmentRequired ? null : (
            <Link to="/account" className="font-medium text-blue-700 underline dark:text-blue-400">
              Back to your account
            </Link>
          )}
        </p>
      </Card>
    </PageContainer>
  );
}

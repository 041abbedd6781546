import type { User } from '@app/contracts';
import { Download, KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageContainer, PageHeader } from '../../../components/layout/page-header';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toastFailure } from '../../../components/ui/failure-toast';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { downloadJson } from '../../../lib/download';
import { useDownloadMyData } from '../api/account-security.api';
import { useCurrentUser } from '../api/auth.queries';
import { ChangePasswordForm } from '../forms/change-password-form';
import { GoogleAccountForm } from '../forms/google-account-form';
import { ProfileForm } from '../forms/profile-form';
import { PasswordResetDialog } from './password-reset-dialog';
import { SessionsSection } from './sessions-section';
import { SubscriptionsSection } from './subscriptions-section';
import { TwoFactorSection } from './two-factor-section';

/** 'Account Created': a readable date, or `missing` when the server gave none (or nonsense). */
export function formatAccountCreated(createdAt: string | null | undefined, missing = 'N/A'): string {
  if (!createdAt) return missing;
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return missing;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * One password action (issue 26): with a password, the change form, when it was last set, and a quiet way out of a
 * forgotten one; without (single sign-on only), a button that e-mails a link to set one.
 */
function PasswordPanel({ user }: { user: User }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-700" data-testid="password-panel">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h3 className="font-medium text-slate-900 dark:text-white">Password</h3>
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="password-last-updated">
            {user.hasPassword
              ? `Last updated: ${formatAccountCreated(user.passwordChangedAt, 'before we recorded it')}`
              : 'You sign in through your organization and have no password here.'}
          </p>
        </div>
      </div>
      {user.hasPassword ? (
        <div className="mt-4 flex flex-col gap-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Changing it signs out your other sessions; this one stays.
          </p>
          <ChangePasswordForm />
          <PasswordResetDialog email={user.email} hasPassword />
        </div>
      ) : (
        <div className="mt-4">
          <PasswordResetDialog email={user.email} hasPassword={false} />
        </div>
      )}
    </div>
  );
}

/** 'Download my data' (issue 26): the export an administrator would make for this person, saved as a JSON file. */
function DownloadMyData() {
  const download = useDownloadMyData();
  return (
    <Button
      variant="outline"
      // Busy, not disabled: a disabled button would lose the keyboard's focus.
      aria-busy={download.isPending}
      data-testid="download-my-data"
      onClick={() =>
        !download.isPending &&
        download.mutate(undefined, {
          onSuccess: (data) => {
            downloadJson(data, 'my-data.json');
            toast({ title: 'Your data is downloaded', description: 'The JSON file is in your downloads.' });
          },
          onError: (error) => toastFailure('Download failed', error, 'Please try again later.'),
        })
      }
    >
      <Download aria-hidden="true" className="size-4" />
      {download.isPending ? 'Preparing...' : 'Download my data'}
    </Button>
  );
}

function Section({ id, title, lead, children }: { id: string; title: string; lead?: string; children: ReactNode }) {
  return (
    <Card className="p-6 sm:p-8" aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {lead ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{lead}</p> : null}
      <div className="mt-6">{children}</div>
    </Card>
  );
}

function InfoRow({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="font-medium break-all text-slate-900 dark:text-white" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** /account (spec section 2): 'Loading...' until the user is known, then profile, security and account facts. */
export function AccountSettings() {
  const { user } = useCurrentUser();
  if (!user)
    return (
      <PageContainer>
        <p
          role="status"
          className="flex items-center gap-2 text-slate-600 dark:text-slate-300"
          data-testid="account-loading"
        >
          <Spinner />
          Loading...
        </p>
      </PageContainer>
    );
  return <AccountSettingsFor user={user} />;
}

interface SectionSpec {
  id: string;
  title: string;
  lead?: string;
  body: (user: User) => ReactNode;
}

/** The wide column: what the person changes (profile, Google account, security, sessions). */
const MAIN_SECTIONS: readonly SectionSpec[] = [
  {
    id: 'profile-information',
    title: 'Profile Information',
    lead: 'Your name and the address you sign in with.',
    body: (user) => <ProfileForm key={user.id} user={user} />,
  },
  {
    id: 'account-google',
    title: 'Google Account',
    lead: "Your organization's Looker Studio reports are shared with this Google account.",
    body: (user) => <GoogleAccountForm key={user.id} user={user} />,
  },
  {
    id: 'account-security',
    title: 'Account Security',
    lead: 'Your password, a second step when you sign in, and where you are signed in.',
    body: (user) => (
      <div className="flex flex-col gap-6">
        <TwoFactorSection />
        <PasswordPanel user={user} />
      </div>
    ),
  },
  {
    id: 'account-sessions',
    title: "Where You're Signed In",
    lead: 'Sign out a browser you no longer use, or every browser but this one.',
    body: () => <SessionsSection />,
  },
];

/** The narrow column: facts about the account, its report e-mails and its data. */
const SIDE_SECTIONS: readonly SectionSpec[] = [
  {
    id: 'account-information',
    title: 'Account Information',
    body: (user) => (
      <dl className="divide-y divide-slate-200 dark:divide-slate-800">
        <InfoRow label="Account ID" testId="account-id">
          {user.id}
        </InfoRow>
        <InfoRow label="Account Created" testId="account-created">
          {formatAccountCreated(user.createdAt)}
        </InfoRow>
        <InfoRow label="Account Type" testId="account-type">
          {user.isAdmin ? 'Administrator' : 'Standard User'}
        </InfoRow>
      </dl>
    ),
  },
  {
    id: 'account-subscriptions',
    title: 'Report E-mails',
    lead: 'Reports your organization sends you.',
    body: () => <SubscriptionsSection />,
  },
  {
    id: 'account-data',
    title: 'Your Data',
    lead: 'Everything we store about you, as a JSON file.',
    body: () => <DownloadMyData />,
  },
];

function Sections({ sections, user }: { sections: readonly SectionSpec[]; user: User }) {
  return sections.map(({ body, ...section }) => (
    <Section key={section.id} {...section}>
      {body(user)}
    </Section>
  ));
}

function AccountSettingsFor({ user }: { user: User }) {
  return (
    <PageContainer>
      <PageHeader title="Account Settings" lead="Manage your profile and the security of your account." />
      <div className="mt-10 grid items-start gap-8 lg:grid-cols-3">
        <div className="flex flex-col gap-8 lg:col-span-2">
          <Sections sections={MAIN_SECTIONS} user={user} />
        </div>
        <div className="flex flex-col gap-8">
          <Sections sections={SIDE_SECTIONS} user={user} />
        </div>
      </div>
    </PageContainer>
  );
}

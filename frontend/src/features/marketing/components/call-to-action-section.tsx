import { Link } from '@tanstack/react-router';
import { LayoutDashboard, LogIn } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { CallToActionButtons } from './call-to-action-buttons';
import { LinkBanner, PageSection } from './content-card';

export interface CallToActionSectionProps {
  /** A client is signed in: 'Already a Client?' offers 'Go to My Dashboards' instead of 'Client Login'. */
  signedIn?: boolean;
  /** The 'Already a Client?' block (home page only). */
  showClientAccess?: boolean;
}

/** 'Already a Client?': the way to the dashboards of a signed-in client, else to the client sign-in. */
const clientAccess = {
  signedIn: {
    text: 'Your dashboards are one click away.',
    to: '/client/dashboard',
    variant: 'primary',
    Icon: LayoutDashboard,
    label: 'Go to My Dashboards',
  },
  signedOut: {
    text: 'Sign in to see the dashboards built for your organization.',
    to: '/client/login',
    variant: 'outline',
    Icon: LogIn,
    label: 'Client Login',
  },
} as const;

/** 'Ready to Transform Your Data?' and 'Already a Client?' (spec section 2). */
export function CallToActionSection({ signedIn = false, showClientAccess = true }: CallToActionSectionProps) {
  const client = clientAccess[signedIn ? 'signedIn' : 'signedOut'];
  return (
    <PageSection headingId="cta-heading">
      <div className="rounded-3xl bg-blue-800 px-6 py-12 text-center shadow-xl sm:px-12 sm:py-16 dark:bg-blue-900">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Ready to Transform Your Data?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-100">
          Book a free 30-minute consultation and see what your data could be telling you.
        </p>
        <CallToActionButtons inverted className="mt-8 justify-center" />
      </div>

      {showClientAccess ? (
        <LinkBanner
          className="mt-10"
          title="Already a Client?"
          text={client.text}
          action={
            <Link
              to={client.to}
              className={buttonClass({ variant: client.variant, size: 'lg' })}
              data-testid="cta-client-link"
            >
              <client.Icon aria-hidden="true" className="size-4" />
              {client.label}
            </Link>
          }
        />
      ) : null}
    </PageSection>
  );
}

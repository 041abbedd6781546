import { Link } from '@tanstack/react-router';
import { LayoutDashboard, LogIn } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { CallToActionButtons } from './call-to-action-buttons';

export interface CallToActionSectionProps {
  /** A client is signed in: 'Already a Client?' offers 'Go to My Dashboards' instead of 'Client Login'. */
  signedIn?: boolean;
  /** The 'Already a Client?' block (home page only). */
  showClientAccess?: boolean;
}

/** 'Ready to Transform Your Data?' and 'Already a Client?' (spec section 2). */
export function CallToActionSection({ signedIn = false, showClientAccess = true }: CallToActionSectionProps) {
  return (
    <section aria-labelledby="cta-heading" className="py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
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
          <div className="mt-10 flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8 dark:border-slate-800 dark:bg-slate-900">
            <div>
              <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Already a Client?</h2>
              <p className="mt-1 text-slate-600 dark:text-slate-400">
                {signedIn
                  ? 'Your dashboards are one click away.'
                  : 'Sign in to see the dashboards built for your organization.'}
              </p>
            </div>
            {signedIn ? (
              <Link
                to="/client/dashboard"
                className={buttonClass({ variant: 'primary', size: 'lg' })}
                data-testid="cta-client-link"
              >
                <LayoutDashboard aria-hidden="true" className="size-4" />
                Go to My Dashboards
              </Link>
            ) : (
              <Link
                to="/client/login"
                className={buttonClass({ variant: 'outline', size: 'lg' })}
                data-testid="cta-client-link"
              >
                <LogIn aria-hidden="true" className="size-4" />
                Client Login
              </Link>
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
}

import { Mail } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { lazyOnReach, OnReach } from '../../../lib/lazy-on-reach';

/**
 * The form's code (the form library, the schema's validation, the toasts) comes when the visitor reaches for the form
 * (pointer, touch, focus): the prerendered form shows at once, and a visitor who only reads the page never downloads
 * it (issue 30). The route's loader fetches it when a link to /contact shows intent.
 */
const contactForm = lazyOnReach(() => import('../forms/contact-form').then((module) => module.ContactForm));
export const preloadContactForm = contactForm.preload;

const formLoading = (
  <div role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
    <Spinner className="size-5" />
    Loading the form...
  </div>
);

export interface ContactSectionProps {
  /** The company's address from GET /api/config; `undefined` while it loads. */
  companyEmail: string | undefined;
  /** The config could not be loaded. */
  configFailed?: boolean;
  /** 1 on /contact; 2 where the section sits inside another page. */
  headingLevel?: 1 | 2;
}

/** 'Get in Touch': the contact form beside the contact details (section anchor `#contact`). */
export function ContactSection({ companyEmail, configFailed = false, headingLevel = 1 }: ContactSectionProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section id="contact" aria-labelledby="contact-heading" className="py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <Heading
            id="contact-heading"
            className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
          >
            Get in Touch
          </Heading>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
            Have a question about dashboards, reporting or your data? Send us a message and we'll get back to you within
            24 hours.
          </p>
        </div>

        <div className="mt-10 grid gap-8 lg:grid-cols-3">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2 dark:border-slate-800 dark:bg-slate-900">
            <OnReach part={contactForm} fallback={formLoading} />
          </div>

          <aside
            aria-labelledby="contact-info-heading"
            className="h-fit rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8 dark:border-slate-800 dark:bg-slate-900/60"
          >
            <h2 id="contact-info-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
              Our Contact Information
            </h2>
            <div className="mt-5 flex items-center gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
                <Mail aria-hidden="true" className="size-5" />
              </span>
              {companyEmail ? (
                <a
                  href={`mailto:${companyEmail}`}
                  className="break-all font-medium text-blue-700 underline-offset-4 hover:underline dark:text-blue-400"
                  data-testid="contact-email"
                >
                  {companyEmail}
                </a>
              ) : configFailed ? (
                <span className="text-sm text-slate-600 dark:text-slate-400">Please use the form to reach us.</span>
              ) : (
                <span className="h-5 w-48 animate-pulse rounded bg-slate-200 dark:bg-slate-700" aria-hidden="true" />
              )}
            </div>
          </aside>
        </div>
      </div>
    </section>
  );
}

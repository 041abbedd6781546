import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { approachSteps } from '../data/approach-steps';
import { whyUsCards } from '../data/content';
import { CallToActionSection } from './call-to-action-section';
import { ContentCard, MarketingHero, sectionHeadingClass } from './content-card';

/** /why-us: the approach, the four cards, a link to /our-values and the call to action (spec section 2). */
export function WhyUsPage() {
  return (
    <>
      <MarketingHero
        eyebrow="Why Us"
        title="Why Choose Lucid Insight"
        lead="Most organizations already have the data they need. We turn it into dashboards people trust and use every day, so decisions rest on facts instead of guesswork."
      />

      <section aria-labelledby="approach-heading" className="py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="approach-heading" className={sectionHeadingClass}>
            Our Approach
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
            Three steps from scattered spreadsheets to a dashboard your team opens every morning.
          </p>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {approachSteps.map((step, i) => (
              <li
                key={step.title}
                className="relative rounded-xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-900/60"
              >
                <span className="flex size-9 items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white dark:bg-blue-600">
                  {i + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{step.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section
        aria-labelledby="benefits-heading"
        className="border-y border-slate-200 bg-slate-50 py-16 sm:py-20 dark:border-slate-800 dark:bg-slate-900/40"
      >
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="benefits-heading" className={sectionHeadingClass}>
            What You Get
          </h2>
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {whyUsCards.map((card) => (
              <ContentCard key={card.title} card={card} />
            ))}
          </div>
          <div className="mt-12 flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8 dark:border-slate-800 dark:bg-slate-900">
            <div>
              <h2 className="text-xl font-semibold text-slate-900 dark:text-white">The values behind the work</h2>
              <p className="mt-1 text-slate-600 dark:text-slate-400">
                Vision, transparency, empowerment and trust shape every project we take on.
              </p>
            </div>
            <Link to="/our-values" className={buttonClass({ variant: 'outline', size: 'lg' })}>
              Explore Our Values
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
        </div>
      </section>

      <CallToActionSection showClientAccess={false} />
    </>
  );
}

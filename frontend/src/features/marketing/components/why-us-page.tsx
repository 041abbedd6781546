import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { approachSteps } from '../data/approach-steps';
import { whyUsCards } from '../data/content';
import { CallToActionSection } from './call-to-action-section';
import { CardGrid, LinkBanner, MarketingHero, PageSection } from './content-card';

/**
 * /why-us: the approach, the four cards, a link to /our-values, the proof of the work (`proof`: the latest case
 * studies) and the call to action (spec section 2).
 */
export function WhyUsPage({ proof }: { proof?: ReactNode }) {
  return (
    <>
      <MarketingHero
        eyebrow="Why Us"
        title="Why Choose Lucid Insight"
        lead="Most organizations already have the data they need. We turn it into dashboards people trust and use every day, so decisions rest on facts instead of guesswork."
      />

      <PageSection
        headingId="approach-heading"
        heading="Our Approach"
        lead="Three steps from scattered spreadsheets to a dashboard your team opens every morning."
      >
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
      </PageSection>

      <PageSection headingId="benefits-heading" heading="What You Get" tinted>
        <CardGrid cards={whyUsCards} columns="sm:grid-cols-2 lg:grid-cols-4" />
        <LinkBanner
          className="mt-12"
          title="The values behind the work"
          text="Vision, transparency, empowerment and trust shape every project we take on."
          action={
            <Link to="/our-values" className={buttonClass({ variant: 'outline', size: 'lg' })}>
              Explore Our Values
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          }
        />
      </PageSection>

      {proof}
      <CallToActionSection showClientAccess={false} />
    </>
  );
}

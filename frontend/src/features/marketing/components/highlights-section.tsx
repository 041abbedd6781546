import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { valueCards, whyUsCards } from '../data/content';
import { ContentCard, sectionHeadingClass, textLinkClass } from './content-card';

/** Short teasers of /why-us and /our-values; the footer's 'About Us' and 'Our Values' links land here. */
export function HighlightsSection() {
  return (
    <>
      <section id="why-us" aria-labelledby="why-us-heading" className="scroll-mt-20 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="max-w-2xl">
              <h2 id="why-us-heading" className={sectionHeadingClass}>
                Why teams choose us
              </h2>
              <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
                Dashboards people actually use: clear, trustworthy and built around the decisions you make.
              </p>
            </div>
            <Link to="/why-us" className={textLinkClass}>
              More about why us <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {whyUsCards.map((card) => (
              <ContentCard key={card.title} card={card} />
            ))}
          </div>
        </div>
      </section>

      <section
        id="values"
        aria-labelledby="values-heading"
        className="scroll-mt-20 border-y border-slate-200 bg-slate-50 py-16 sm:py-20 dark:border-slate-800 dark:bg-slate-900/40"
      >
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="max-w-2xl">
              <h2 id="values-heading" className={sectionHeadingClass}>
                Our values
              </h2>
              <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
                How we work with you, from the first call to the last chart.
              </p>
            </div>
            <Link to="/our-values" className={textLinkClass}>
              Our Core Values <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {valueCards.map((card) => (
              <ContentCard key={card.title} card={card} />
            ))}
          </div>
        </div>
      </section>
    </>
  );
}

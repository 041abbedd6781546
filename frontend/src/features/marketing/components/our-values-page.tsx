import { valueCards } from '../data/content';
import { valuesInAction } from '../data/values-in-action';
import { CallToActionSection } from './call-to-action-section';
import { ContentCard, MarketingHero, sectionHeadingClass } from './content-card';

/** /our-values: four value cards, 'Putting Values Into Action' and the call to action (spec section 2). */
export function OurValuesPage() {
  return (
    <>
      <MarketingHero
        eyebrow="Our Values"
        title="Our Core Values"
        lead="The principles that guide how we work with you, from the first conversation to the last chart."
      />

      <section aria-label="Values" className="py-16 sm:py-20">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
          {valueCards.map((card) => (
            <ContentCard key={card.title} card={card} headingLevel={2} />
          ))}
        </div>
      </section>

      <section
        aria-labelledby="values-in-action-heading"
        className="border-y border-slate-200 bg-slate-50 py-16 sm:py-20 dark:border-slate-800 dark:bg-slate-900/40"
      >
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="values-in-action-heading" className={sectionHeadingClass}>
            Putting Values Into Action
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
            Values only count when they show up in the work. Here is how they shape every dashboard we deliver.
          </p>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {valuesInAction.map((card) => (
              <ContentCard key={card.title} card={card} />
            ))}
          </div>
        </div>
      </section>

      <CallToActionSection showClientAccess={false} />
    </>
  );
}

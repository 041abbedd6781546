import { valueCards } from '../data/content';
import { valuesInAction } from '../data/values-in-action';
import { CallToActionSection } from './call-to-action-section';
import { CardGrid, ContentCard, MarketingHero, PageSection } from './content-card';

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

      <PageSection
        headingId="values-in-action-heading"
        heading="Putting Values Into Action"
        lead="Values only count when they show up in the work. Here is how they shape every dashboard we deliver."
        tinted
      >
        <CardGrid cards={valuesInAction} columns="md:grid-cols-3" />
      </PageSection>

      <CallToActionSection showClientAccess={false} />
    </>
  );
}

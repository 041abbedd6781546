import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { type ContentCard as ContentCardData, valueCards, whyUsCards } from '../data/content';
import { CardGrid, PageSection, textLinkClass } from './content-card';

interface Teaser {
  /** The anchor (the footer links to it); the heading's id is `{id}-heading`. */
  id: string;
  heading: string;
  lead: string;
  to: '/why-us' | '/our-values';
  linkText: string;
  cards: ContentCardData[];
  tinted: boolean;
}

const teasers: Teaser[] = [
  {
    id: 'why-us',
    heading: 'Why teams choose us',
    lead: 'Dashboards people actually use: clear, trustworthy and built around the decisions you make.',
    to: '/why-us',
    linkText: 'More about why us',
    cards: whyUsCards,
    tinted: false,
  },
  {
    id: 'values',
    heading: 'Our values',
    lead: 'How we work with you, from the first call to the last chart.',
    to: '/our-values',
    linkText: 'Our Core Values',
    cards: valueCards,
    tinted: true,
  },
];

/** Short teasers of /why-us and /our-values; the footer's 'About Us' and 'Our Values' links land here. */
export function HighlightsSection() {
  return teasers.map(({ id, heading, lead, to, linkText, cards, tinted }) => (
    <PageSection
      key={id}
      id={id}
      headingId={`${id}-heading`}
      heading={heading}
      lead={lead}
      link={
        <Link to={to} className={textLinkClass}>
          {`${linkText} `}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      }
      tinted={tinted}
    >
      <CardGrid cards={cards} columns="sm:grid-cols-2 lg:grid-cols-4" />
    </PageSection>
  ));
}

import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import type { ContentCard as ContentCardData } from '../data/content';

/** An icon, a title and a short text: the cards of Why Us, Our Values and the dashboard blurbs. */
export function ContentCard({
  card: { icon: Icon, title, text },
  headingLevel = 3,
  className,
}: {
  card: ContentCardData;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className={cn(
        'rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      <span className="flex size-11 items-center justify-center rounded-lg bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <Heading className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</Heading>
      <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{text}</p>
    </div>
  );
}

/** A grid of cards below a section's heading: `columns` says how many across at each width. */
export function CardGrid({ cards, columns }: { cards: ContentCardData[]; columns: string }) {
  return (
    <div className={`mt-10 grid gap-6 ${columns}`}>
      {cards.map((card) => (
        <ContentCard key={card.title} card={card} />
      ))}
    </div>
  );
}

export interface PageSectionProps {
  /** The id of the h2 that names the section (rendered here when `heading` is given, else inside `children`). */
  headingId?: string;
  /** The section's name when no heading shows it. */
  label?: string;
  heading?: string;
  lead?: string;
  /** A link beside the heading and its lead (the home page's teasers of other pages). */
  link?: ReactNode;
  /** The grey band, bordered above and below, that alternates with white ones. */
  tinted?: boolean;
  /** Less room above and below (a section right under the page's lead block). */
  compact?: boolean;
  /** An anchor other pages link to (the footer's); the header's height is kept clear above it. */
  id?: string;
  children: ReactNode;
}

/** A band of a marketing page: full width, its content in the page's column, named by its h2 or a label. */
export function PageSection({
  headingId,
  label,
  heading,
  lead,
  link,
  tinted,
  compact,
  id,
  children,
}: PageSectionProps) {
  const padding = compact ? 'py-12 sm:py-16' : 'py-16 sm:py-20';
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      aria-label={label}
      className={cn(
        id && 'scroll-mt-20',
        tinted
          ? `border-y border-slate-200 bg-slate-50 ${padding} dark:border-slate-800 dark:bg-slate-900/40`
          : padding,
      )}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {heading && headingId ? (
          <SectionHeading headingId={headingId} heading={heading} lead={lead} link={link} />
        ) : null}
        {children}
      </div>
    </section>
  );
}

const leadClass = 'text-lg text-slate-600 dark:text-slate-300';

function SectionHeading({
  headingId,
  heading,
  lead,
  link,
}: Pick<PageSectionProps, 'headingId' | 'lead' | 'link'> & { heading: string }) {
  const title = (
    <h2 id={headingId} className={sectionHeadingClass}>
      {heading}
    </h2>
  );
  if (!link)
    return (
      <>
        {title}
        {lead ? <p className={`mt-3 max-w-2xl ${leadClass}`}>{lead}</p> : null}
      </>
    );
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="max-w-2xl">
        {title}
        {lead ? <p className={`mt-3 ${leadClass}`}>{lead}</p> : null}
      </div>
      {link}
    </div>
  );
}

/** A white box with a small heading, a line of text and a button to another page ('Already a Client?'). */
export function LinkBanner({
  title,
  text,
  action,
  className,
}: {
  title: string;
  text: string;
  action: ReactNode;
  className: string;
}) {
  return (
    <div
      className={cn(
        className,
        'flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8 dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      <div>
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{title}</h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{text}</p>
      </div>
      {action}
    </div>
  );
}

/** The lead block of a marketing page: eyebrow, h1 and lead paragraph. */
export function MarketingHero({ eyebrow, title, lead }: { eyebrow: string; title: string; lead: string }) {
  return (
    <section className="relative overflow-hidden border-b border-slate-200 dark:border-slate-800">
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-blue-50 to-white dark:from-slate-900 dark:to-slate-950" />
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-400">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
          {title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-8 text-slate-600 dark:text-slate-300">{lead}</p>
      </div>
    </section>
  );
}

const sectionHeadingClass = 'text-3xl font-bold tracking-tight text-slate-900 dark:text-white';
export const textLinkClass =
  'inline-flex shrink-0 items-center gap-1.5 rounded-md font-semibold whitespace-nowrap text-blue-700 underline-offset-4 hover:underline dark:text-blue-400';

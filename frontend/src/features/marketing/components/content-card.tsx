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

export const sectionHeadingClass = 'text-3xl font-bold tracking-tight text-slate-900 dark:text-white';
export const textLinkClass =
  'inline-flex shrink-0 items-center gap-1.5 rounded-md font-semibold whitespace-nowrap text-blue-700 underline-offset-4 hover:underline dark:text-blue-400';

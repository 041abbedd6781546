import type { CaseStudySummary } from '@app/contracts';
import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';

/** A published case study in a list: its picture, client, title and what it was about, linking to its page. */
export function CaseStudyCard({ study, headingLevel = 'h2' }: { study: CaseStudySummary; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
      data-testid="case-study-card"
      data-slug={study.slug}
    >
      {study.pictureUrl ? (
        <img
          src={study.pictureUrl}
          alt=""
          loading="lazy"
          className="aspect-video w-full border-b border-slate-200 bg-slate-100 object-cover dark:border-slate-800 dark:bg-slate-800"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-medium text-blue-700 dark:text-blue-400">{study.client}</p>
        <Heading className="mt-2 text-lg font-semibold text-slate-900 dark:text-white">
          <Link
            to="/case-studies/$slug"
            params={{ slug: study.slug }}
            className="rounded-sm after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {study.title}
          </Link>
        </Heading>
        <p className="mt-2 flex-1 text-sm leading-6 text-slate-600 dark:text-slate-400">
          {study.description || study.problem}
        </p>
        <span
          aria-hidden="true"
          className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-blue-700 dark:text-blue-400"
        >
          Read the case study
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
      </div>
    </article>
  );
}

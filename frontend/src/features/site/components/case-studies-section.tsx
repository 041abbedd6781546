import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { caseStudiesQueryOptions } from '../api/site.queries';
import { CaseStudyCard } from './case-study-card';

/**
 * Proof of the work on the home page and /why-us: the three latest published case studies, with a link to them all.
 * Nothing until the list has come (and nothing while none is published): the prerendered page has no section, so
 * the page hydrates as it was rendered, then the section appears.
 */
export function CaseStudiesSection() {
  const { data } = useQuery(caseStudiesQueryOptions());
  const latest = data?.slice(0, 3) ?? [];
  if (latest.length === 0) return null;
  return (
    <section aria-labelledby="case-studies-heading" className="py-16 sm:py-20" data-testid="case-studies-section">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-2xl">
            <h2
              id="case-studies-heading"
              className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
            >
              Work We Are Proud Of
            </h2>
            <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
              Real clients, the problem each one brought us, and what changed once the dashboard was in use.
            </p>
          </div>
          <Link
            to="/case-studies"
            className="text-sm font-semibold text-blue-700 underline-offset-4 hover:underline dark:text-blue-400"
          >
            All case studies
          </Link>
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {latest.map((study) => (
            <li key={study.slug}>
              <CaseStudyCard study={study} headingLevel="h3" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

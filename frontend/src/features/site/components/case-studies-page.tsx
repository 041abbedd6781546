import { useSuspenseQuery } from '@tanstack/react-query';
import { PageContainer, PageHeader } from '../../../components/layout/page-header';
import { caseStudiesQueryOptions } from '../api/site.queries';
import { CaseStudyCard } from './case-study-card';

/** /case-studies: every published case study, in the order the administrators set. */
export function CaseStudiesPage() {
  const { data: studies } = useSuspenseQuery(caseStudiesQueryOptions());
  return (
    <PageContainer>
      <PageHeader
        title="Case studies"
        lead="Dashboards we built for real clients: the problem each one had, what we made, and what changed."
      />
      {studies.length ? (
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="case-studies-list">
          {studies.map((study) => (
            <li key={study.slug}>
              <CaseStudyCard study={study} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-12 text-slate-600 dark:text-slate-400" data-testid="case-studies-empty">
          Our first case studies are being written. Meanwhile, have a look at our sample dashboards.
        </p>
      )}
    </PageContainer>
  );
}

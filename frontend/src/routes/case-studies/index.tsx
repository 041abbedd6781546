import { COMPANY_NAME } from '@app/contracts/brand';
import { createFileRoute } from '@tanstack/react-router';
import { caseStudiesQueryOptions } from '../../features/site/api/site.queries';
import { CaseStudiesPage } from '../../features/site/components/case-studies-page';
import { siteHead } from '../../lib/seo';

/** /case-studies: every published case study (ADR 037). */
export const Route = createFileRoute('/case-studies/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(caseStudiesQueryOptions()),
  head: () =>
    siteHead({
      title: `Case studies | ${COMPANY_NAME}`,
      description: 'Dashboards we built for real clients: the problem each one had, what we made, and what changed.',
      path: '/case-studies',
    }),
  component: CaseStudiesPage,
});

import { COMPANY_NAME } from '@app/contracts/brand';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, getRouteApi, notFound } from '@tanstack/react-router';
import { caseStudyQueryOptions } from '../../features/site/api/site.queries';
import { CaseStudyPage } from '../../features/site/components/case-study-page';
import { isApiRequestError } from '../../lib/api';
import { siteHead } from '../../lib/seo';

/** /case-studies/{slug}: a published case study; an unknown or unpublished one is the not-found page (D31). */
export const Route = createFileRoute('/case-studies/$slug')({
  loader: async ({ context, params }) => {
    try {
      return await context.queryClient.ensureQueryData(caseStudyQueryOptions(params.slug));
    } catch (error) {
      if (isApiRequestError(error) && error.status === 404) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) =>
    loaderData
      ? siteHead({
          title: `${loaderData.title} | ${COMPANY_NAME}`,
          description: loaderData.description || loaderData.problem,
          path: `/case-studies/${loaderData.slug}`,
          image: loaderData.pictureUrl,
          type: 'article',
        })
      : {},
  component: CaseStudyRoute,
});

function CaseStudyRoute() {
  const routeApi = getRouteApi('/case-studies/$slug');
  const { slug } = routeApi.useParams();
  const { data } = useSuspenseQuery(caseStudyQueryOptions(slug));
  return <CaseStudyPage study={data} />;
}

import { COMPANY_NAME } from '@app/contracts/brand';
import { createFileRoute } from '@tanstack/react-router';
import { sitePageQueryOptions } from '../features/site/api/site.queries';
import { SitePageContent } from '../features/site/components/site-page-route';
import { siteHead } from '../lib/seo';

/** /privacy: written by the administrators in Markdown (the product's default text until they do), ADR 037. */
export const Route = createFileRoute('/privacy')({
  loader: ({ context }) => context.queryClient.ensureQueryData(sitePageQueryOptions('privacy')),
  head: ({ loaderData }) =>
    loaderData
      ? siteHead({
          title: `${loaderData.title} | ${COMPANY_NAME}`,
          description: loaderData.description,
          path: '/privacy',
        })
      : {},
  component: () => <SitePageContent pageKey="privacy" />,
});

import type { SitePage } from '@app/contracts';
import { PageContainer } from '../../../components/layout/page-header';
import { Prose } from './prose';

/** A legal page (privacy, terms, cookies): its title and the administrators' text (or the default one). */
export function SitePageView({ page }: { page: SitePage }) {
  return (
    <PageContainer>
      <article className="mx-auto max-w-3xl" data-testid={`site-page-${page.key}`}>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{page.title}</h1>
        {page.updatedAt ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Last updated {new Date(page.updatedAt).toLocaleDateString('en-US', { dateStyle: 'long' })}
          </p>
        ) : null}
        <Prose html={page.html} className="mt-6" data-testid="site-page-body" />
      </article>
    </PageContainer>
  );
}

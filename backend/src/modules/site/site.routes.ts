import {
  ApiErrorSchema,
  CaseStudyInputSchema,
  CaseStudySchema,
  CaseStudySlugParamsSchema,
  CaseStudySummarySchema,
  IdParamsSchema,
  PublicCaseStudySchema,
  SitePageInputSchema,
  SitePageParamsSchema,
  SitePageSchema,
} from '@app/contracts';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import * as route from '../../lib/route-options';
import { adminOnly, type GuardDeps } from '../../plugins/auth';
import { listCaseStudies } from './site.repository';
import * as site from './site.service';

const tags = ['Site'];

/** The site's public words: published case studies and the legal pages. Anyone may read them. */
export const siteRoutes = (deps: Pick<AppDeps, 'db' | 'config'>) =>
  new Elysia({ name: 'site-routes' })
    .get('/api/case-studies', () => site.publishedCaseStudies(deps.db), {
      ...route.described(tags, 'The published case studies, in the order the administrators set', {
        200: v.array(CaseStudySummarySchema),
      }),
    })
    .get('/api/case-studies/:slug', ({ params }) => site.publishedCaseStudy(deps.db, params.slug), {
      params: CaseStudySlugParamsSchema,
      ...route.described(tags, 'A published case study, its Markdown body rendered as sanitized HTML', {
        200: PublicCaseStudySchema,
        404: ApiErrorSchema,
      }),
    })
    .get('/api/site-pages/:key', ({ params }) => site.sitePage(deps.db, params.key, deps.config.COMPANY_EMAIL), {
      params: SitePageParamsSchema,
      ...route.described(tags, 'A legal page (privacy, terms, cookies): its text, rendered as sanitized HTML', {
        200: SitePageSchema,
        404: ApiErrorSchema,
      }),
    });

/** Case studies and the legal pages' texts in the admin screen, behind the admin guard (D10); every change audited. */
export const adminSiteRoutes = (deps: Pick<AppDeps, 'db' | 'config'> & GuardDeps) =>
  adminOnly('admin-site-routes', deps)
    .get(
      '/api/admin/case-studies',
      () => listCaseStudies(deps.db),
      route.adminList('Every case study', CaseStudySchema),
    )
    .post(
      '/api/admin/case-studies',
      async ({ body, user, status }) => status(201, await site.createCaseStudy(deps.db, user, body)),
      route.adminCreate('Write a case study', CaseStudyInputSchema, CaseStudySchema),
    )
    .put(
      '/api/admin/case-studies/:id',
      ({ params, body, user }) => site.updateCaseStudy(deps.db, user, params.id, body),
      route.adminChange('Change, publish or unpublish a case study', CaseStudyInputSchema, CaseStudySchema),
    )
    .delete(
      '/api/admin/case-studies/:id',
      ({ params, user }) => route.noContent(site.deleteCaseStudy(deps.db, user, params.id)),
      route.adminRemove(IdParamsSchema, 'Delete a case study', 'The case study is deleted'),
    )
    .get(
      '/api/admin/site-pages',
      () => site.sitePages(deps.db, deps.config.COMPANY_EMAIL),
      route.adminList('The legal pages with their texts', SitePageSchema),
    )
    .put(
      '/api/admin/site-pages/:key',
      ({ params, body, user }) =>
        site.saveSitePage(deps.db, user, params.key, body.markdown, deps.config.COMPANY_EMAIL),
      {
        params: SitePageParamsSchema,
        body: SitePageInputSchema,
        ...route.adminRoute("Change a legal page's text (an empty text puts the default back)", {
          200: SitePageSchema,
        }),
      },
    );

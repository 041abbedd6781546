import type { OrganizationChoice } from '@app/contracts';
import { Eye, X } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';

/** Where 'Exit preview' goes when the admin came from no admin page (a typed or shared address). */
export const DEFAULT_PREVIEW_EXIT = '/admin/dashboards';

/**
 * Where an admin's preview came from (`?from=` of the dashboard's page, set by the admin's 'Preview' link): an admin
 * page of this site, else the dashboards section. Never another site or a page outside the administration.
 */
export function previewExit(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return DEFAULT_PREVIEW_EXIT;
  try {
    const url = new URL(from, 'http://site.invalid');
    // Checked once resolved: '/admin/../account' is not an admin page, '/\\evil' not this site.
    const adminPage = url.origin === 'http://site.invalid' && /^\/admin(?:\/|$)/.test(url.pathname);
    return adminPage ? `${url.pathname}${url.search}` : DEFAULT_PREVIEW_EXIT;
  } catch {
    return DEFAULT_PREVIEW_EXIT;
  }
}

/**
 * The banner over an admin's preview of a client's dashboard (issue 27): whose view it is, and the way back to where
 * the admin came from. A full-width bar above the page, so it cannot be taken for a client's own view.
 */
export function PreviewBanner({ organization, exitTo }: { organization: OrganizationChoice | null; exitTo: string }) {
  return (
    <section
      aria-label="Preview"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 sm:px-6 lg:px-8 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      data-testid="preview-banner"
    >
      <p className="flex min-w-0 items-center gap-2 font-medium">
        <Eye aria-hidden="true" className="size-4 shrink-0" />
        <span className="min-w-0 break-words">
          Previewing as{' '}
          <strong className="font-semibold" data-testid="preview-organization">
            {organization ? organization.name : 'a client'}
          </strong>
        </span>
      </p>
      {/* A full page load: the address may carry the admin list's view (`?q=`), kept as it was. */}
      <a
        href={exitTo}
        className={buttonClass({ variant: 'outline', size: 'sm', className: 'ml-auto bg-white dark:bg-slate-900' })}
        data-testid="preview-exit"
      >
        <X aria-hidden="true" className="size-4" />
        Exit preview
      </a>
    </section>
  );
}

import type { SitePage } from '@app/contracts';
import { SitePageInputSchema } from '@app/contracts/api/site';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Pencil, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Badge } from '../../../components/ui/badge';
import type { Column } from '../../../components/ui/table';
import { adminSitePagesQueryOptions, useSaveSitePage } from '../api/site-admin';
import { PanelForm } from '../forms/panel-form';
import { LoadedList } from '../kit/admin-list';
import type { RowMenu } from '../kit/admin-table';
import { SidePanel } from '../kit/side-panel';
import { formatDateTime } from '../utils/format';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { ListHeader } from './admin-panel';

const saveFailed = (page: SitePage, error: unknown) =>
  notifyFailure(`Error saving ${page.title.toLowerCase()}`, error, 'Failed to save the page');

/** One legal page's text in Markdown, in the side panel: Save. */
function SitePageEditor({ page }: { page: SitePage }) {
  const save = useSaveSitePage();
  const form = useSchemaForm({
    defaultValues: { markdown: page.markdown },
    schema: SitePageInputSchema,
    fieldIssues: (error) => (error.status === 422 ? error.issues : []),
    onSubmit: async (value) => {
      await save.mutateAsync({ key: page.key, markdown: value.markdown ?? '' });
      notifySuccess(`${page.title} saved`, 'The page shows the new text now.');
    },
    onFailure: (error) => saveFailed(page, error),
  });
  return (
    <div className="min-w-0" data-testid={`site-page-editor-${page.key}`}>
      <form.AppForm>
        <PanelForm
          title={page.title}
          data-testid={`site-page-form-${page.key}`}
          submit="Save"
          actions={{ pendingLabel: 'Saving...', 'data-testid': `site-page-save-${page.key}` }}
        >
          <form.AppField name="markdown">
            {(field) => (
              <field.TextareaField
                label="Text (Markdown)"
                rows={18}
                description="Headings (##), lists, links and tables. HTML and scripts are removed. Empty: the default text."
                data-testid={`site-page-markdown-${page.key}`}
              />
            )}
          </form.AppField>
        </PanelForm>
      </form.AppForm>
    </div>
  );
}

const columns: Column<SitePage>[] = [
  {
    header: 'Page',
    className: 'min-w-40 font-medium',
    cell: (page) => (
      <>
        <span className="block">{page.title}</span>
        <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">/{page.key}</span>
      </>
    ),
  },
  {
    header: 'Text',
    cell: (page) =>
      page.isDefault ? <Badge variant="neutral">Default text</Badge> : <Badge variant="success">Edited</Badge>,
  },
  { header: 'Last change', className: 'whitespace-nowrap', cell: (page) => formatDateTime(page.updatedAt, '-') },
];

const icon = 'size-4';

/**
 * Site pages (issue 18): the Privacy, Terms and Cookies pages the footer links to, in Markdown. The list at the full
 * width, each page's text edited in the side panel, and the default text put back after a question (issue 27).
 */
export function SitePagesTab() {
  const pages = useQuery(adminSitePagesQueryOptions());
  const save = useSaveSitePage();
  const [editing, setEditing] = useState<SitePage['key'] | null>(null);
  const page = pages.data?.find((p) => p.key === editing);

  const restore = async (target: SitePage, close: () => void) => {
    try {
      await save.mutateAsync({ key: target.key, markdown: '' });
      notifySuccess(`${target.title}: default text back`);
    } catch (error) {
      saveFailed(target, error);
    } finally {
      close();
    }
  };

  const menu = (target: SitePage): RowMenu => ({
    target: target.title,
    actions: [
      {
        value: 'edit',
        label: 'Edit text',
        icon: <Pencil aria-hidden="true" className={icon} />,
        onSelect: () => setEditing(target.key),
        'data-testid': `site-page-edit-${target.key}`,
      },
      {
        value: 'view',
        label: 'View page',
        icon: <ExternalLink aria-hidden="true" className={icon} />,
        onSelect: () => void window.open(`/${target.key}`, '_blank', 'noopener'),
        'data-testid': `site-page-view-${target.key}`,
      },
      // Only an edited page has a text of its own to discard.
      ...(target.isDefault
        ? []
        : [
            {
              value: 'restore',
              label: 'Restore the default text',
              icon: <RotateCcw aria-hidden="true" className={icon} />,
              confirm: {
                title: 'Restore the default text',
                question: `Put the default text of ${target.title} back? The text saved now is lost.`,
                confirmLabel: 'Restore',
                pendingLabel: 'Restoring...',
                pending: save.isPending,
                onConfirm: (close: () => void) => void restore(target, close),
                'data-testid': `site-page-restore-dialog-${target.key}`,
              },
              'data-testid': `site-page-restore-${target.key}`,
            },
          ]),
    ],
  });

  return (
    <>
      <ListHeader title="Site pages" count={pages.data?.length} />
      <LoadedList
        query={pages}
        plural="site-pages"
        label="Site pages"
        columns={columns}
        rowKey={(p) => p.key}
        row={(p) => ({ 'data-key': p.key, 'data-default': p.isDefault })}
        empty="No site pages."
        menu={menu}
      />
      <SidePanel
        open={page !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={page ? `Edit ${page.title}` : 'Edit page'}
        hideTitle
        data-testid="site-page-panel"
      >
        {page ? <SitePageEditor key={`${page.key}-${page.updatedAt ?? 'default'}`} page={page} /> : null}
      </SidePanel>
    </>
  );
}

import type { SitePage } from '@app/contracts';
import { SitePageInputSchema } from '@app/contracts/api/site';
import { useQuery } from '@tanstack/react-query';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { adminSitePagesQueryOptions, useSaveSitePage } from '../api/site-admin';
import { PanelForm } from '../forms/panel-form';
import { notifyFailure, notifySuccess } from '../utils/notify';

/** One legal page's text in Markdown: Save, or put the default text back. */
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
    onFailure: (error) => notifyFailure(`Error saving ${page.title.toLowerCase()}`, error, 'Failed to save the page'),
  });
  const restore = async () => {
    try {
      const saved = await save.mutateAsync({ key: page.key, markdown: '' });
      form.reset({ markdown: saved.markdown });
      notifySuccess(`${page.title}: default text back`);
    } catch (error) {
      notifyFailure(`Error saving ${page.title.toLowerCase()}`, error, 'Failed to save the page');
    }
  };
  return (
    <Card className="min-w-0 p-4 sm:p-6" data-testid={`site-page-editor-${page.key}`}>
      <div className="mb-2 flex flex-wrap items-center gap-3">
        <a
          href={`/${page.key}`}
          target="_blank"
          rel="noopener"
          className="text-sm font-medium text-blue-700 underline-offset-4 hover:underline dark:text-blue-400"
        >
          View /{page.key}
        </a>
        {page.isDefault ? <Badge variant="neutral">Default text</Badge> : <Badge variant="success">Edited</Badge>}
      </div>
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
                rows={14}
                description="Headings (##), lists, links and tables. HTML and scripts are removed. Empty: the default text."
                data-testid={`site-page-markdown-${page.key}`}
              />
            )}
          </form.AppField>
        </PanelForm>
      </form.AppForm>
      {page.isDefault ? null : (
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          disabled={save.isPending}
          onClick={() => void restore()}
          data-testid={`site-page-restore-${page.key}`}
        >
          Restore the default text
        </Button>
      )}
    </Card>
  );
}

/** Site pages (issue 18): the Privacy, Terms and Cookies pages the footer links to, in Markdown. */
export function SitePagesTab() {
  const pages = useQuery(adminSitePagesQueryOptions());
  if (pages.isPending)
    return (
      <p className="flex items-center gap-2 py-10 text-sm text-slate-600 dark:text-slate-400" role="status">
        <Spinner />
        Loading site pages...
      </p>
    );
  if (pages.isError) return <Alert variant="error">The site pages could not be loaded.</Alert>;
  return (
    <div className="grid gap-6">
      {pages.data.map((page) => (
        <SitePageEditor key={`${page.key}-${page.updatedAt ?? 'default'}`} page={page} />
      ))}
    </div>
  );
}

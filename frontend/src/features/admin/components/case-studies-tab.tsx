import type { CaseStudy } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { type Column, DataTable } from '../../../components/ui/table';
import { adminCaseStudiesQueryOptions, useDeleteCaseStudy, useSaveCaseStudy } from '../api/site-admin';
import { CaseStudyForm } from '../forms/case-study-form';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { ConfirmAction, ListHeader, ListWithForm, RowButton, stateColumn, useEditing } from './admin-panel';

const columns: Column<CaseStudy>[] = [
  { header: 'Order', className: 'tabular-nums', cell: (s) => s.position },
  {
    header: 'Title',
    className: 'font-medium break-words',
    cell: (s) => (
      <>
        <span className="block">{s.title}</span>
        <span className="block text-xs font-normal break-all text-slate-600 dark:text-slate-400">
          /case-studies/{s.slug}
        </span>
      </>
    ),
  },
  { header: 'Client', className: 'break-words', cell: (s) => s.client },
  stateColumn('Status', (s) => s.isPublished, ['Published', 'success'], ['Draft', 'neutral']),
];

/** Case studies (issue 18): written in Markdown, published one by one, each a page of its own. */
export function CaseStudiesTab() {
  const studies = useQuery(adminCaseStudiesQueryOptions());
  const list = studies.data ?? [];
  const edit = useEditing(list, 'case-study');
  const save = useSaveCaseStudy();
  const remove = useDeleteCaseStudy();

  const setPublished = async (study: CaseStudy, isPublished: boolean) => {
    try {
      const { id, publishedAt: _p, createdAt: _c, updatedAt: _u, ...input } = study;
      await save.mutateAsync({ id, input: { ...input, pictureUrl: input.pictureUrl ?? '', isPublished } });
      notifySuccess(isPublished ? 'Case study published' : 'Case study unpublished');
    } catch (error) {
      notifyFailure('Error updating case study', error, 'Failed to update case study');
    }
  };

  const destroy = async (study: CaseStudy, close: () => void) => {
    try {
      await remove.mutateAsync(study.id);
      if (edit.editing?.id === study.id) edit.stop();
      notifySuccess('Case study deleted');
    } catch (error) {
      notifyFailure('Error deleting case study', error, 'Failed to delete case study');
    } finally {
      close();
    }
  };

  const actions = (study: CaseStudy) => (
    <div className="flex flex-wrap justify-end gap-2">
      {edit.button(study, study.title)}
      {study.isPublished ? (
        <a
          href={`/case-studies/${study.slug}`}
          target="_blank"
          rel="noopener"
          className="inline-flex h-8 items-center rounded-md px-3 text-sm font-medium text-blue-700 underline-offset-4 hover:underline dark:text-blue-400"
          aria-label={`View ${study.title}`}
        >
          View
        </a>
      ) : null}
      <RowButton
        label={study.isPublished ? 'Unpublish' : 'Publish'}
        target={study.title}
        variant={study.isPublished ? 'secondary' : 'primary'}
        disabled={save.isPending}
        onClick={() => void setPublished(study, !study.isPublished)}
        data-testid="case-study-toggle-published"
      />
      <ConfirmAction
        label="Delete"
        target={study.title}
        variant="destructive"
        data-testid="case-study-delete"
        title="Delete Case Study"
        question={`Delete '${study.title}'? Its page goes away at once; this cannot be undone.`}
        pendingLabel="Deleting..."
        pending={remove.isPending && remove.variables === study.id}
        onConfirm={(close) => void destroy(study, close)}
        dialogTestId="delete-case-study-dialog"
      />
    </div>
  );

  return (
    <ListWithForm
      list={
        <>
          <ListHeader title="Case Studies" count={studies.data?.length} />
          {studies.isPending ? (
            <p className="flex items-center gap-2 py-10 text-sm text-slate-600 dark:text-slate-400" role="status">
              <Spinner />
              Loading case studies...
            </p>
          ) : studies.isError ? (
            <Alert variant="error">The case studies could not be loaded.</Alert>
          ) : (
            <DataTable
              label="Case studies"
              data-testid="case-studies-table"
              columns={[...columns, { header: 'Actions', headerClassName: 'text-right', cell: actions }]}
              rows={list}
              rowKey={(s) => s.id}
              row={(s) => ({ 'data-testid': 'case-study-row', 'data-slug': s.slug, 'data-published': s.isPublished })}
              empty="No case studies yet: write the first one with the form."
              emptyTestId="case-studies-empty"
            />
          )}
        </>
      }
      form={<CaseStudyForm key={edit.editing?.id ?? 'new'} study={edit.editing} onDone={edit.stop} />}
    />
  );
}

import type { CaseStudy } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, EyeOff, Plus, Send } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/table';
import { adminCaseStudiesQueryOptions, useDeleteCaseStudy, useSaveCaseStudy } from '../api/site-admin';
import { CASE_STUDY_FORM } from '../forms/case-study-form';
import { DeclaredSavePanel } from '../forms/declared-save-panel';
import { runWithToasts } from '../forms/edit-user-actions';
import { LoadedList } from '../kit/admin-list';
import type { RowMenu } from '../kit/admin-table';
import { deleteAction, deleteRow, editAction } from '../kit/common-actions';
import { FormPanel } from '../kit/side-panel';
import { usePanel } from '../kit/use-panel';
import { ListHeader, stateColumn } from './admin-panel';

const columns: Column<CaseStudy>[] = [
  { header: 'Order', className: 'tabular-nums', cell: (s) => s.position },
  {
    header: 'Title',
    className: 'min-w-40 font-medium break-words',
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

const icon = 'size-4';

/**
 * Case studies (issue 18): written in Markdown, published one by one, each a page of its own. The list at the full
 * width, each row's actions in a menu, create and edit in a side panel (issue 27).
 */
export function CaseStudiesTab() {
  const studies = useQuery(adminCaseStudiesQueryOptions());
  const list = studies.data ?? [];
  const panel = usePanel(list);
  const save = useSaveCaseStudy();
  const remove = useDeleteCaseStudy();

  const setPublished = (study: CaseStudy, isPublished: boolean) => {
    const { id, publishedAt: _p, createdAt: _c, updatedAt: _u, ...input } = study;
    return runWithToasts(
      () => save.mutateAsync({ id, input: { ...input, pictureUrl: input.pictureUrl ?? '', isPublished } }),
      [isPublished ? 'Case study published' : 'Case study unpublished'],
      ['Error updating case study', 'Failed to update case study'],
    );
  };

  const destroy = deleteRow('Case study', (study: CaseStudy) => remove.mutateAsync(study.id), panel);

  const menu = (study: CaseStudy): RowMenu => ({
    target: study.title,
    actions: [
      editAction(() => panel.edit(study), 'case-study-edit'),
      // Its page, in a new tab: only a published one has one.
      ...(study.isPublished
        ? [
            {
              value: 'view',
              label: 'View page',
              icon: <ExternalLink aria-hidden="true" className={icon} />,
              onSelect: () => void window.open(`/case-studies/${study.slug}`, '_blank', 'noopener'),
              'data-testid': 'case-study-view',
            },
          ]
        : []),
      {
        value: 'publish',
        label: study.isPublished ? 'Unpublish' : 'Publish',
        icon: study.isPublished ? (
          <EyeOff aria-hidden="true" className={icon} />
        ) : (
          <Send aria-hidden="true" className={icon} />
        ),
        onSelect: () => void setPublished(study, !study.isPublished),
        'data-testid': 'case-study-toggle-published',
      },
      deleteAction(
        {
          title: 'Delete Case Study',
          question: `Delete '${study.title}'? Its page goes away at once; this cannot be undone.`,
          pending: remove.isPending && remove.variables === study.id,
          onConfirm: (close) => void destroy(study, close),
          'data-testid': 'delete-case-study-dialog',
        },
        'case-study-delete',
      ),
    ],
  });

  return (
    <>
      <ListHeader title="Case Studies" count={studies.data?.length}>
        <Button size="sm" onClick={panel.create} data-testid="case-study-create">
          <Plus aria-hidden="true" className={icon} />
          New case study
        </Button>
      </ListHeader>
      <LoadedList
        query={studies}
        plural="case-studies"
        label="Case studies"
        columns={columns}
        row={(s) => ({ 'data-slug': s.slug, 'data-published': s.isPublished })}
        empty="No case studies yet: write the first one with 'New case study'."
        menu={menu}
      />
      <FormPanel panel={panel} what="Case Study" name={(s) => s.title}>
        {(study) => <DeclaredSavePanel form={CASE_STUDY_FORM} item={study} onDone={panel.close} />}
      </FormPanel>
    </>
  );
}

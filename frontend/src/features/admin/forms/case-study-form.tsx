import type { CaseStudy, CaseStudyInput } from '@app/contracts';
import { CaseStudyInputSchema } from '@app/contracts/api/site';
import { useSaveCaseStudy } from '../api/site-admin';
import { SavePanel, useSavePanel } from './panel-form';

const valuesOf = (study?: CaseStudy): CaseStudyInput => ({
  title: study?.title ?? '',
  slug: study?.slug ?? '',
  client: study?.client ?? '',
  problem: study?.problem ?? '',
  pictureUrl: study?.pictureUrl ?? '',
  outcome: study?.outcome ?? '',
  quote: study?.quote ?? '',
  quoteAuthor: study?.quoteAuthor ?? '',
  quoteRole: study?.quoteRole ?? '',
  body: study?.body ?? '',
  description: study?.description ?? '',
  isPublished: study?.isPublished ?? false,
  position: String(study?.position ?? 0),
});

/** 'Create Case Study', or 'Edit Case Study' with Cancel when `study` is given (keyed by its id). */
export function CaseStudyForm({ study, onDone }: { study?: CaseStudy | undefined; onDone: () => void }) {
  const save = useSaveCaseStudy();
  const { form, panel } = useSavePanel({
    thing: 'Case Study',
    item: study,
    valuesOf,
    schema: CaseStudyInputSchema,
    save: save.mutateAsync,
    onDone,
  });
  return (
    <form.AppForm>
      <SavePanel {...panel}>
        <form.AppField name="title">
          {(field) => <field.TextField label="Title" required data-testid="case-study-title" />}
        </form.AppField>
        <form.AppField name="slug">
          {(field) => (
            <field.TextField
              label="Slug"
              required
              description="Its address: /case-studies/your-slug (lowercase letters, digits and hyphens)"
              placeholder="sales-dashboard-for-acme"
              data-testid="case-study-slug"
            />
          )}
        </form.AppField>
        <form.AppField name="client">
          {(field) => <field.TextField label="Client" required data-testid="case-study-client" />}
        </form.AppField>
        <form.AppField name="problem">
          {(field) => <field.TextareaField label="The problem" rows={3} data-testid="case-study-problem" />}
        </form.AppField>
        <form.AppField name="pictureUrl">
          {(field) => (
            <field.TextField
              label="Dashboard picture"
              description="An https:// address or a path on this site, like /images/dashboards/sales.svg"
              data-testid="case-study-picture"
            />
          )}
        </form.AppField>
        <form.AppField name="outcome">
          {(field) => <field.TextareaField label="The outcome" rows={3} data-testid="case-study-outcome" />}
        </form.AppField>
        <form.AppField name="quote">
          {(field) => <field.TextareaField label="Client's quote" rows={2} data-testid="case-study-quote" />}
        </form.AppField>
        <form.AppField name="quoteAuthor">
          {(field) => <field.TextField label="Quote by" data-testid="case-study-quote-author" />}
        </form.AppField>
        <form.AppField name="quoteRole">
          {(field) => <field.TextField label="Their role" data-testid="case-study-quote-role" />}
        </form.AppField>
        <form.AppField name="body">
          {(field) => (
            <field.TextareaField
              label="Story (Markdown)"
              rows={10}
              description="Headings (##), lists, links, **bold**, pictures (https). HTML and scripts are removed."
              data-testid="case-study-body"
            />
          )}
        </form.AppField>
        <form.AppField name="description">
          {(field) => (
            <field.TextareaField
              label="Description for search engines"
              rows={2}
              description="One or two sentences, at most 300 characters"
              data-testid="case-study-description"
            />
          )}
        </form.AppField>
        <form.AppField name="position">
          {(field) => (
            <field.TextField
              label="Order"
              inputMode="numeric"
              description="Lower comes first"
              data-testid="case-study-position"
            />
          )}
        </form.AppField>
        <form.AppField name="isPublished">
          {(field) => <field.CheckboxField label="Published" data-testid="case-study-published" />}
        </form.AppField>
      </SavePanel>
    </form.AppForm>
  );
}

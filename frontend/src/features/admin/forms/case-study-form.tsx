import type { CaseStudy, CaseStudyInput } from '@app/contracts';
import { CaseStudyInputSchema } from '@app/contracts/api/site';
import type { FieldSpec } from '../../../components/form/declared-field';
import { useSaveCaseStudy } from '../api/site-admin';
import { declaredSaveForm } from './declared-save-panel';
import { textValues } from './panel-form';

const valuesOf = (study?: CaseStudy): CaseStudyInput => ({
  ...textValues(study, [
    'title',
    'slug',
    'client',
    'problem',
    'pictureUrl',
    'outcome',
    'quote',
    'quoteAuthor',
    'quoteRole',
    'body',
    'description',
  ]),
  isPublished: study?.isPublished ?? false,
  position: String(study?.position ?? 0),
});

/** The form's fields, in screen order. */
const FIELDS: readonly FieldSpec<keyof CaseStudyInput>[] = [
  { name: 'title', label: 'Title', required: true, 'data-testid': 'case-study-title' },
  {
    name: 'slug',
    label: 'Slug',
    required: true,
    description: 'Its address: /case-studies/your-slug (lowercase letters, digits and hyphens)',
    placeholder: 'sales-dashboard-for-acme',
    'data-testid': 'case-study-slug',
  },
  { name: 'client', label: 'Client', required: true, 'data-testid': 'case-study-client' },
  { name: 'problem', kind: 'textarea', label: 'The problem', rows: 3, 'data-testid': 'case-study-problem' },
  {
    name: 'pictureUrl',
    label: 'Dashboard picture',
    description: 'An https:// address or a path on this site, like /images/dashboards/sales.svg',
    'data-testid': 'case-study-picture',
  },
  { name: 'outcome', kind: 'textarea', label: 'The outcome', rows: 3, 'data-testid': 'case-study-outcome' },
  { name: 'quote', kind: 'textarea', label: "Client's quote", rows: 2, 'data-testid': 'case-study-quote' },
  { name: 'quoteAuthor', label: 'Quote by', 'data-testid': 'case-study-quote-author' },
  { name: 'quoteRole', label: 'Their role', 'data-testid': 'case-study-quote-role' },
  {
    name: 'body',
    kind: 'textarea',
    label: 'Story (Markdown)',
    rows: 10,
    description: 'Headings (##), lists, links, **bold**, pictures (https). HTML and scripts are removed.',
    'data-testid': 'case-study-body',
  },
  {
    name: 'description',
    kind: 'textarea',
    label: 'Description for search engines',
    rows: 2,
    description: 'One or two sentences, at most 300 characters',
    'data-testid': 'case-study-description',
  },
  {
    name: 'position',
    label: 'Order',
    inputMode: 'numeric',
    description: 'Lower comes first',
    'data-testid': 'case-study-position',
  },
  { name: 'isPublished', kind: 'checkbox', label: 'Published', 'data-testid': 'case-study-published' },
];

/** The form that creates a case study or edits one, for `DeclaredSavePanel`. */
export const CASE_STUDY_FORM = declaredSaveForm('Case Study', {
  valuesOf,
  schema: CaseStudyInputSchema,
  useSave: useSaveCaseStudy,
  fields: FIELDS,
});

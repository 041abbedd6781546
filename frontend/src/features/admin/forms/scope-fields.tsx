import { Plus, Trash2 } from 'lucide-react';
import { firstErrorMessage } from '../../../components/form/field-error';
import { verbatimInput } from '../../../components/form/field-presets';
import { FieldError } from '../../../components/form/field-shell';
import { withFieldGroup } from '../../../components/form/form';
import { Button } from '../../../components/ui/button';
import { EMBED_MODE_LABELS } from '../utils/embed';
import { emptyScopeDraft, type ScopeDraft, type ScopedProvider } from '../utils/scope-draft';

/** What each provider calls a row of its scope. */
const ROW_NOUN = { tableau: 'Attribute', metabase: 'Parameter' } as const;

const ROW_HINT = {
  tableau: "User attributes the connected-app token carries: the view's data policies filter on them.",
  metabase: 'Locked parameters of the signed embedding token: the dashboard is filtered by them. Values are text.',
} as const;

/** Power BI's scope: its fields, and the end of each one's test id. */
const POWER_BI_FIELDS = [
  {
    name: 'roles',
    suffix: 'roles',
    label: 'Roles',
    description: 'Row-level security roles of the dataset, separated by commas.',
    placeholder: 'Region, Manager',
  },
  {
    name: 'username',
    suffix: 'username',
    label: 'Username (optional)',
    description: "The identity's username; the viewer's e-mail address when empty.",
  },
  {
    name: 'customData',
    suffix: 'custom-data',
    label: 'Custom data (optional)',
    description: "Read by the dataset's CUSTOMDATA() rules.",
  },
] as const;

/** The two parts of a Tableau attribute or Metabase parameter row. */
const ROW_PARTS = [
  { part: 'name', label: 'Name' },
  { part: 'value', label: 'Value' },
] as const;

/**
 * The data scope of an organization–dashboard link (issue 14), fitted to the dashboard's provider: Power BI roles,
 * username and custom data; Tableau attributes or Metabase locked parameters as name/value rows. Bind it to a form's
 * `scope` (a `ScopeDraft`); the form's schema is `scopedSchema`, which checks it as the server does.
 */
export const ScopeFields = withFieldGroup({
  defaultValues: emptyScopeDraft() as ScopeDraft,
  props: { mode: 'powerbi' as ScopedProvider, testIdPrefix: '' },
  render: ({ group, mode, testIdPrefix }) => (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">
        Data scope ({EMBED_MODE_LABELS[mode]})
      </legend>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        What this organization may see. Left empty, it is not set up: the organization cannot open the dashboard yet.
      </p>
      <group.AppField name="unrestricted">
        {(field) => (
          <>
            <field.CheckboxField
              label="No filter: this organization sees all the data"
              data-testid={`${testIdPrefix}-unrestricted`}
            />
            {field.state.value ? null : mode === 'powerbi' ? (
              POWER_BI_FIELDS.map(({ name, suffix, ...spec }) => (
                <group.AppField key={name} name={name}>
                  {(text) => <text.TextField {...spec} {...verbatimInput} data-testid={`${testIdPrefix}-${suffix}`} />}
                </group.AppField>
              ))
            ) : (
              <group.AppField name="rows" mode="array">
                {(rows) => (
                  <div className="flex flex-col gap-3" data-testid={`${testIdPrefix}-rows`}>
                    <p className="text-sm text-slate-600 dark:text-slate-400">{ROW_HINT[mode]}</p>
                    {rows.state.value.map((_, index) => {
                      const number = index + 1;
                      const noun = ROW_NOUN[mode];
                      return (
                        <div
                          // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place: its fields are named rows[index]
                          key={index}
                          className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]"
                          data-testid={`${testIdPrefix}-row`}
                        >
                          {ROW_PARTS.map(({ part, label }) => (
                            <group.AppField key={part} name={`rows[${index}].${part}`}>
                              {(field) => (
                                <field.TextField
                                  label={
                                    <>
                                      <span className="sr-only">{`${noun} ${number} `}</span>
                                      {label}
                                    </>
                                  }
                                  {...verbatimInput}
                                  data-testid={`${testIdPrefix}-row-${part}`}
                                />
                              )}
                            </group.AppField>
                          ))}
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Remove ${noun.toLowerCase()} ${number}`}
                            onClick={() => rows.removeValue(index)}
                            data-testid={`${testIdPrefix}-row-remove`}
                          >
                            <Trash2 aria-hidden="true" className="size-4" />
                          </Button>
                        </div>
                      );
                    })}
                    <FieldError id={`${testIdPrefix}-rows-error`} error={firstErrorMessage(rows.state.meta.errors)} />
                    <Button
                      variant="outline"
                      size="sm"
                      className="self-start"
                      onClick={() => rows.pushValue({ name: '', value: '' })}
                      data-testid={`${testIdPrefix}-row-add`}
                    >
                      <Plus aria-hidden="true" className="size-4" />
                      Add {ROW_NOUN[mode].toLowerCase()}
                    </Button>
                  </div>
                )}
              </group.AppField>
            )}
          </>
        )}
      </group.AppField>
    </fieldset>
  ),
});

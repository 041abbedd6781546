import { type TwoFactorCodeInput, TwoFactorCodeSchema } from '@app/contracts';
import * as v from 'valibot';
import { AlertFormElement, useAlertForm } from '../../../components/form/alert-form';
import { oneTimeCodeInput } from '../../../components/form/field-presets';

const emptyCode: TwoFactorCodeInput = { code: '' };

export interface CodeFormProps {
  /** The field's label ('Code from your app'). */
  label: string;
  /** What the field says under it. */
  description?: string;
  submitLabel: string;
  pendingLabel: string;
  /** Sends the code; a refusal shows the server's message in the form's alert. */
  onCode: (code: string) => Promise<unknown>;
  /** Prefix of the data-testids: `${testId}-form`, `-code`, `-submit`, `-error`. */
  testId: string;
  'aria-label': string;
  destructive?: boolean;
}

/** One code of the authenticator app (or a recovery code): the account page's confirmations (issue 17). */
export function CodeForm({
  label,
  description,
  submitLabel,
  pendingLabel,
  onCode,
  testId,
  'aria-label': ariaLabel,
  destructive = false,
}: CodeFormProps) {
  const { form, alert } = useAlertForm({
    testId,
    fields: ['code'],
    failureFallback: 'Something went wrong. Please try again.',
    defaultValues: emptyCode,
    schema: TwoFactorCodeSchema,
    onSubmit: async (value, api) => {
      await onCode(v.parse(TwoFactorCodeSchema, value).code);
      api.reset();
    },
  });
  return (
    <form.AppForm>
      <AlertFormElement alert={alert} aria-label={ariaLabel} data-testid={`${testId}-form`}>
        <form.AppField name="code">
          {(field) => (
            <field.TextField
              label={label}
              {...(description && { description })}
              {...oneTimeCodeInput}
              data-testid={`${testId}-code`}
            />
          )}
        </form.AppField>
        <form.FormActions
          pendingLabel={pendingLabel}
          variant={destructive ? 'destructive' : 'primary'}
          data-testid={`${testId}-submit`}
        >
          {submitLabel}
        </form.FormActions>
      </AlertFormElement>
    </form.AppForm>
  );
}

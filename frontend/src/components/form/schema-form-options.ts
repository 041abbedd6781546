import type { ApiIssue } from '@app/contracts';
import { type AnyFormApi, revalidateLogic, type StandardSchemaV1 } from '@tanstack/react-form';
import type { RefObject } from 'react';
import { type ApiRequestError, isApiRequestError } from '../../lib/api';
import { focusFirstInvalid } from './focus-first-invalid';
import { applyServerIssues } from './server-errors';

/** Which issues of a refused request belong under fields. */
export type FieldIssues = (error: ApiRequestError) => readonly ApiIssue[];

/** A 422's issues (`{ issues: [{ path, message }] }`). */
export const validationIssues: FieldIssues = (error) => (error.status === 422 ? error.issues : []);

/** A 422's issues, or a 409's message ('A user with this email already exists') under the e-mail field. */
export const emailConflictOrValidationIssues: FieldIssues = (error) =>
  error.status === 409 && error.serverMessage
    ? [{ path: 'email', message: error.serverMessage }]
    : validationIssues(error);

export interface SchemaFormOptions<TValues> {
  defaultValues: TValues;
  /** The contracts' valibot schema: checked on submit, then on each change once a submit was tried. */
  schema: StandardSchemaV1<TValues, unknown>;
  /** The form's own work: send the request, then say so (toast, reset, navigate). A rejection is a failure. */
  onSubmit: (value: TValues, form: AnyFormApi) => Promise<unknown>;
  /**
   * After a failed request: the form's failure text (a toast, a banner, its alert). `fieldsMarked`: some of the
   * server's issues were put under fields (and the first of them has focus).
   */
  onFailure?: (error: unknown, outcome: { fieldsMarked: boolean }) => void;
  /** Which of a refused request's issues go under fields (none unless given). */
  fieldIssues?: FieldIssues;
  /** After a submit the schema refused (before focus moves to the first invalid field). */
  onInvalid?: (form: AnyFormApi) => void;
  /** At every submit, valid or not: forget the last answer (the form's alert, a banner). */
  onAttempt?: () => void;
}

/**
 * The options of the one submit flow of the app's forms (spec section 8): validate with the schema, focus the first
 * invalid field, send, and on a refusal put the server's issues under their fields (they clear when the field changes)
 * and show the form's failure text. For a form hook (`useAppForm`, or `usePublicAppForm` of public-form.ts).
 */
export function schemaFormOptions<TValues>(
  { defaultValues, schema, onSubmit, onFailure, fieldIssues, onInvalid, onAttempt }: SchemaFormOptions<TValues>,
  formRef: RefObject<HTMLFormElement | null>,
) {
  return {
    defaultValues,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: schema },
    onSubmitInvalid: ({ formApi }: { formApi: AnyFormApi }) => {
      onAttempt?.();
      onInvalid?.(formApi);
      focusFirstInvalid(formRef.current);
    },
    onSubmit: async ({ value, formApi }: { value: TValues; formApi: AnyFormApi }) => {
      onAttempt?.();
      try {
        await onSubmit(value, formApi);
      } catch (error) {
        const issues = fieldIssues && isApiRequestError(error) ? fieldIssues(error) : [];
        const fieldsMarked = issues.some((issue) => issue.path in formApi.fieldInfo);
        // The failure text first: showing it renders the form, whose effects may still change a field (the booking
        // form drops a time the slots asked for again no longer offer), and a server issue clears when its field
        // changes, so it goes on the fields after that.
        onFailure?.(error, { fieldsMarked });
        if (applyServerIssues(formApi, issues)) focusFirstInvalid(formRef.current);
      }
    },
  };
}

import {
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useContext,
} from 'react';
import { controlClass, FieldShell } from './field-shell';
import { FormAlertIdContext } from './form-context';
import { useFieldControl } from './use-field-control';

interface TextShellProps {
  label: ReactNode;
  description?: ReactNode;
  /**
   * The id of the form's error alert when the form shows its errors there (spec section 8) instead of under each
   * field: the field is still marked invalid and is described by the alert. Inside `AlertFormElement`, its alert's.
   */
  formErrorId?: string;
}

type Bound = 'value' | 'onChange' | 'onBlur' | 'name' | 'id';

export interface TextFieldProps extends TextShellProps, Omit<InputHTMLAttributes<HTMLInputElement>, Bound> {}

export interface TextareaFieldProps extends TextShellProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Bound> {}

/** The one shell of the typed-in kinds: label, hint and error around the control, bound to the surrounding field. */
function useTextControl({ label, description, formErrorId }: TextShellProps) {
  const alertId = useContext(FormAlertIdContext);
  const { field, shell, control } = useFieldControl<string>(label, description, formErrorId ?? alertId);
  const value = field.state.value ?? '';
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    field.handleChange(event.target.value);
  return { shell, control: { ...control, value, onChange } };
}

/** A labelled text input bound to the surrounding `form.AppField`. */
export function TextField({ label, description, formErrorId, type = 'text', ...inputProps }: TextFieldProps) {
  const { shell, control } = useTextControl({ label, description, formErrorId });
  return (
    <FieldShell {...shell}>
      <input {...inputProps} {...control} type={type} className={controlClass} />
    </FieldShell>
  );
}

/** A labelled multi-line input bound to the surrounding `form.AppField`. */
export function TextareaField({ label, description, formErrorId, rows = 5, ...textareaProps }: TextareaFieldProps) {
  const { shell, control } = useTextControl({ label, description, formErrorId });
  return (
    <FieldShell {...shell}>
      <textarea {...textareaProps} {...control} rows={rows} className={`${controlClass} min-h-32 resize-y`} />
    </FieldShell>
  );
}

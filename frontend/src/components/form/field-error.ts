/**
 * The first error of a field as text. Standard Schema validators (valibot) give issue objects, server errors and
 * function validators give strings.
 */
export function firstErrorMessage(errors: readonly unknown[]): string | undefined {
  for (const error of errors) {
    if (typeof error === 'string' && error !== '') return error;
    if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
      return error.message;
  }
  return undefined;
}

/** The first message of the first invalid field of `fields` (a form's fields in screen order). */
export function firstFieldError(fieldMeta: object, fields: readonly string[]): string | undefined {
  const meta = fieldMeta as Record<string, { errors?: unknown[] } | undefined>;
  for (const name of fields) {
    const message = firstErrorMessage(meta[name]?.errors ?? []);
    if (message) return message;
  }
  return undefined;
}

import type { ApiIssue } from '@app/contracts';
import type { AnyFormApi } from '@tanstack/react-form';

/** The watchers that clear a field's server error, per form and field (a newer answer replaces the older watcher). */
const watchers = new WeakMap<AnyFormApi, Map<string, () => void>>();

function clearServerError(form: AnyFormApi, path: string): void {
  form.setFieldMeta(path, (meta) => (meta ? { ...meta, errorMap: { ...meta.errorMap, onServer: undefined } } : meta));
}

/**
 * Shows a server's validation issues (422 `{ issues: [{ path, message }] }`) under the matching fields. A field's
 * server error clears as soon as that field's value changes: the form library never re-runs a server check, so an
 * error left in place would keep the form invalid and every later submit would be refused without a request.
 * Returns whether any issue matched a field.
 */
export function applyServerIssues(form: AnyFormApi, issues: readonly ApiIssue[]): boolean {
  let matched = false;
  const seen = new Set<string>();
  let formWatchers = watchers.get(form);
  for (const issue of issues) {
    if (seen.has(issue.path) || !(issue.path in form.fieldInfo)) continue;
    seen.add(issue.path);
    matched = true;
    form.setFieldMeta(issue.path, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: issue.message } }));

    if (!formWatchers) {
      formWatchers = new Map();
      watchers.set(form, formWatchers);
    }
    formWatchers.get(issue.path)?.();
    const path = issue.path;
    const valueAtError = form.getFieldValue(path);
    const subscription = form.store.subscribe(() => {
      if (Object.is(form.getFieldValue(path), valueAtError)) return;
      stop();
      clearServerError(form, path);
    });
    const stop = () => {
      subscription.unsubscribe();
      if (formWatchers?.get(path) === stop) formWatchers.delete(path);
    };
    formWatchers.set(path, stop);
  }
  return matched;
}

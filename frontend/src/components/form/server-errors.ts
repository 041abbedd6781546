import type { ApiIssue } from '@app/contracts';
import type { AnyFormApi } from '@tanstack/react-form';

/**
 * Shows a server's validation issues (422 `{ issues: [{ path, message }] }`) under the matching fields. They are
 * cleared by the form's next validation of that field. Returns whether any issue matched a field.
 */
export function applyServerIssues(form: AnyFormApi, issues: readonly ApiIssue[]): boolean {
  let matched = false;
  const seen = new Set<string>();
  for (const issue of issues) {
    if (seen.has(issue.path) || !(issue.path in form.fieldInfo)) continue;
    seen.add(issue.path);
    matched = true;
    form.setFieldMeta(issue.path, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: issue.message } }));
  }
  return matched;
}

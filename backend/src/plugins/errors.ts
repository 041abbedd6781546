import type { ApiError, ApiIssue } from '@app/contracts';
import { Elysia } from 'elysia';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { HttpError } from '../lib/http-error';
import type { Logger } from '../lib/logger';

interface StandardIssue {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
}

const issuePath = (path: StandardIssue['path']) =>
  (path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.');

/** Re-runs the failing standard schema (valibot) to get every issue with its field path. */
function validationIssues(error: { validator?: unknown; value?: unknown; all?: { message?: string }[] }): ApiIssue[] {
  const schema = (error.validator as { schema?: unknown } | undefined)?.schema as
    | { '~standard'?: { validate: (value: unknown) => unknown } }
    | undefined;
  const result = schema?.['~standard']?.validate(error.value) as { issues?: StandardIssue[] } | undefined;
  if (result && !(result instanceof Promise) && result.issues)
    return result.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message }));
  return (error.all ?? []).map((issue) => ({ path: '', message: issue.message ?? 'Invalid value' }));
}

/** A root-level type error means the body was not an object at all: say so plainly. */
function friendlyMessage(issues: ApiIssue[]): string {
  const first = issues[0];
  if (!first) return 'The request is not valid.';
  if (first.path === '' && first.message.startsWith('Invalid type')) return 'The request body must be a JSON object.';
  return first.message;
}

export const json = (status: number, body: ApiError, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });

/**
 * One error shape for every failure: `{ message, issues: [{ path, message }] }` with the right status.
 * Never a stack trace; an unexpected error is logged and answered with a plain 500.
 */
export const errorPlugin = (logger: Logger) =>
  new Elysia({ name: 'errors' }).onError({ as: 'global' }, ({ code, error, request }) => {
    if (error instanceof HttpError)
      return json(error.status, { message: error.message, issues: error.issues }, error.headers);
    switch (code) {
      case 'VALIDATION': {
        const value = (error as { value?: unknown }).value;
        if (
          (error as { type?: string }).type === 'body' &&
          (typeof value !== 'object' || value === null || Array.isArray(value))
        )
          return json(422, { message: 'The request body must be a JSON object.', issues: [] });
        // A malformed id in the path names nothing that exists.
        if ((error as { type?: string }).type === 'params') return json(404, { message: 'Not found', issues: [] });
        const issues = validationIssues(error as never);
        return json(422, { message: friendlyMessage(issues), issues });
      }
      case 'PARSE':
        return json(400, { message: 'The request body could not be read. Send valid JSON.', issues: [] });
      case 'NOT_FOUND':
        return json(404, { message: 'Not found', issues: [] });
      case 'INVALID_COOKIE_SIGNATURE':
        return json(400, { message: 'Invalid cookie', issues: [] });
      default: {
        if (isDatabaseUnavailable(error)) {
          logger.warn({ err: error }, 'database unavailable');
          return json(
            503,
            { message: 'The service is temporarily unavailable. Please try again in a moment.', issues: [] },
            { 'retry-after': '5' },
          );
        }
        const status = (error as { status?: number }).status;
        if (typeof status === 'number' && status >= 400 && status < 500)
          return json(status, { message: (error as Error).message || 'Bad request', issues: [] });
        logger.error({ err: error, method: request.method, url: new URL(request.url).pathname }, 'unhandled error');
        return json(500, { message: 'Something went wrong on our side. Please try again.', issues: [] });
      }
    }
  });

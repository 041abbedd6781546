import type { ApiError, ApiIssue } from '@app/contracts';
import type { Logger } from '@app/platform/logger';
import { Elysia } from 'elysia';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { HttpError } from '../lib/http-error';
import { TOO_LARGE_MESSAGE } from './body-guard';

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

/**
 * PostgreSQL's data errors that only a value in the request can cause: a character it cannot store (22P05, 22021),
 * a number out of range (22003), a value of the wrong form (22P02), text too long for its column (22001). Validation
 * should stop each of them first; this is the net below it, a 422 rather than a 500.
 */
const DATA_ERRORS = new Set(['22P05', '22021', '22003', '22P02', '22001']);

const sqlCode = (error: unknown): string | undefined => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
};

/**
 * An error as it may be logged: its message, code, stack, SQL text and the names of the table, column and constraint
 * involved (from the whole chain of causes), never the query's parameters or the database's detail line, which hold
 * what people typed (e-mail addresses, names, messages). Drizzle puts the parameters into its error's message, which
 * is cut back to 'Failed query'; PostgreSQL's data errors (class 22) quote the value in their message, which is left
 * out.
 */
function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: 'A non-Error value was thrown', type: typeof error };
  const safe: Record<string, unknown> = {};
  const messages: string[] = [];
  let top: string | undefined;
  for (let e = error as Error & Record<string, unknown>, depth = 0; e && depth < 6; depth++) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    const message =
      typeof e.query === 'string' && e.message.startsWith('Failed query:')
        ? 'Failed query'
        : code?.startsWith('22') && typeof e.severity === 'string'
          ? `data exception ${code}`
          : e.message;
    top ??= message;
    messages.push(message);
    for (const key of ['code', 'query', 'table_name', 'column_name', 'constraint_name', 'routine'])
      if (typeof e[key] === 'string' && safe[key] === undefined) safe[key] = e[key];
    e = e.cause as typeof e;
  }
  const firstLine = `${error.name}: ${error.message}`;
  const stack = error.stack?.startsWith(firstLine)
    ? `${error.name}: ${top}${error.stack.slice(firstLine.length)}`.replace(/\ncaused by:[\s\S]*$/, '')
    : undefined;
  return { type: error.constructor?.name ?? error.name, message: messages.join(': '), ...safe, stack };
}

export const json = (status: number, body: ApiError, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });

/** Bun's own error when a body (chunked, so without a Content-Length) runs past the server's maxRequestBodySize. */
const BODY_OVER_SERVER_LIMIT = /exceeded maxRequestBodySize/;

/**
 * One error shape for every failure: `{ message, issues: [{ path, message }] }` with the right status.
 * Never a stack trace; an unexpected error is logged and answered with a plain 500.
 *
 * Who is at fault decides the log level (issue 26): a request the client got wrong (too large, chunked or not;
 * malformed, too deep or not JSON; invalid fields; text that cannot be stored; an unknown path) is logged at info as
 * 'request refused', with its status, what was wrong and the route's pattern (never the path, which can carry a
 * token); only a fault of ours is an error (level 50, 'unhandled error'), the kind of line that pages someone.
 */
export const errorPlugin = (logger: Logger) =>
  new Elysia({ name: 'errors' }).onError({ as: 'global' }, (context) => {
    const { code, error, request } = context;
    const refused = (status: number, reason: string, body: ApiError, headers: Record<string, string> = {}) => {
      const line = { status, reason, method: request.method, route: context.route || 'unmatched' };
      // An expected answer of ours that is not the client's doing (503: a key not configured) is worth a warning.
      if (status >= 500) logger.warn(line, 'request not served');
      else logger.info(line, 'request refused');
      return json(status, body, headers);
    };
    // The framework wraps what a body parser throws (body-guard's 415, say) in its own 'PARSE' error: unwrap ours.
    const ours = error instanceof HttpError ? error : code === 'PARSE' ? (error as Error).cause : undefined;
    if (ours instanceof HttpError)
      return refused(
        ours.status,
        (ours as { reason?: string }).reason ?? 'http',
        { message: ours.message, issues: ours.issues },
        ours.headers,
      );
    switch (code) {
      case 'VALIDATION': {
        const value = (error as { value?: unknown }).value;
        if (
          (error as { type?: string }).type === 'body' &&
          (typeof value !== 'object' || value === null || Array.isArray(value))
        )
          return refused(422, 'not_an_object', { message: 'The request body must be a JSON object.', issues: [] });
        // A malformed id in the path names nothing that exists.
        if ((error as { type?: string }).type === 'params')
          return refused(404, 'invalid_params', { message: 'Not found', issues: [] });
        const issues = validationIssues(error as never);
        return refused(422, 'validation', { message: friendlyMessage(issues), issues });
      }
      case 'PARSE':
        return refused(400, 'unreadable_body', {
          message: 'The request body could not be read. Send valid JSON.',
          issues: [],
        });
      case 'NOT_FOUND':
        return refused(404, 'no_route', { message: 'Not found', issues: [] });
      case 'INVALID_COOKIE_SIGNATURE':
        return refused(400, 'invalid_cookie', { message: 'Invalid cookie', issues: [] });
      default: {
        if (error instanceof Error && BODY_OVER_SERVER_LIMIT.test(error.message))
          return refused(413, 'body_too_large', { message: TOO_LARGE_MESSAGE, issues: [] });
        if (isDatabaseUnavailable(error)) {
          logger.warn({ err: loggableError(error) }, 'database unavailable');
          return json(
            503,
            { message: 'The service is temporarily unavailable. Please try again in a moment.', issues: [] },
            { 'retry-after': '5' },
          );
        }
        const code = sqlCode(error);
        if (code && DATA_ERRORS.has(code)) {
          logger.warn(
            { err: loggableError(error), url: new URL(request.url).pathname },
            'value refused by the database',
          );
          return json(422, {
            message:
              'A value in the request is not valid: out of range, too long, or with characters that cannot be stored.',
            issues: [],
          });
        }
        const status = (error as { status?: number }).status;
        if (typeof status === 'number' && status >= 400 && status < 500)
          return refused(status, 'client_error', { message: (error as Error).message || 'Bad request', issues: [] });
        logger.error(
          { err: loggableError(error), method: request.method, url: new URL(request.url).pathname },
          'unhandled error',
        );
        return json(500, { message: 'Something went wrong on our side. Please try again.', issues: [] });
      }
    }
  });

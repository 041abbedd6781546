import { Queues } from '@app/contracts/server';
import { createQueue } from '@app/platform/queues';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ElysiaAdapter } from '@bull-board/elysia';
import { Elysia } from 'elysia';
import type { Redis } from 'ioredis';
import { readCookie, SESSION_COOKIE } from '../lib/cookies';
import { enrolmentRequiredError, type SessionCheck } from './auth';
import { json } from './errors';
import { selfOnlyPolicy } from './security-headers';

const QUEUE_BOARD_PATH = '/admin/queues';

/** The board's page loads only what this app serves: its own bundle, no web fonts from elsewhere. */
const QUEUE_BOARD_CONTENT_SECURITY_POLICY = selfOnlyPolicy({ forms: 'self' });

/** The board's page as it ships links a stylesheet of Google Fonts: taken out (the board falls back to sans-serif). */
const withoutForeignStyles = (html: string) => html.replace(/<link\b[^>]*\bhref="https?:\/\/[^"]*"[^>]*>\s*/g, '');

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The board's own routes take their bodies as they come: what they are sent must be a JSON object, as they expect. */
function badBody(request: Request, body: unknown): Response | undefined {
  if (!BODY_METHODS.has(request.method) || body === undefined || body === null || body === '') return;
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json'))
    return json(415, { message: 'Send the request body as JSON (Content-Type: application/json).', issues: [] });
  if (typeof body !== 'object' || Array.isArray(body))
    return json(422, { message: 'The request body must be a JSON object.', issues: [] });
  const { pathname } = new URL(request.url);
  if (request.method === 'POST' && pathname.endsWith('/add')) {
    const { name } = body as { name?: unknown };
    if (typeof name !== 'string' || name.trim() === '' || name.length > 200)
      return json(422, { message: 'A job needs a name.', issues: [{ path: 'name', message: 'Required' }] });
  }
}

/**
 * The operators' view of every queue (D22): waiting, active, completed and failed jobs, with retry. Behind the same
 * admin sign-in as the rest: anonymous visitors are sent to sign in, everyone else but admins gets 403. Its
 * state-changing routes are behind the app-wide origin check (D9) like every other.
 */
export async function queueBoard(deps: { validateSession: SessionCheck; redis: Redis; prefix: string }) {
  const queues = Object.values(Queues).map((definition) => createQueue<unknown>(deps, definition));
  const serverAdapter = new ElysiaAdapter(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: {
      uiConfig: {
        boardTitle: 'Lucid Insight queues',
        // The way back to the rest of the administration, in the board's menu.
        miscLinks: [{ text: 'Back to admin', url: '/admin' }],
      },
    },
  });
  const board = await serverAdapter.registerPlugin();
  // The check runs before the board's own routes only (not as a hook on every request of the API).
  return new Elysia({ name: 'queue-board' }).guard(
    {
      async beforeHandle({ request, body }) {
        const session = await deps.validateSession(readCookie(request, SESSION_COOKIE));
        if (!session)
          return new Response(null, {
            status: 302,
            headers: { location: `/login?redirect=${encodeURIComponent(QUEUE_BOARD_PATH)}` },
          });
        if (!session.user.isAdmin) return json(403, { message: 'Administrator access required', issues: [] });
        if (session.enrolmentRequired) {
          const refused = enrolmentRequiredError();
          return json(403, { message: refused.message, issues: refused.issues });
        }
        return badBody(request, body);
      },
      async afterHandle({ response }) {
        if (!(response instanceof Response) || !response.headers.get('content-type')?.startsWith('text/html')) return;
        const headers = new Headers(response.headers);
        headers.set('content-security-policy', QUEUE_BOARD_CONTENT_SECURITY_POLICY);
        headers.set('cache-control', 'no-store');
        return new Response(withoutForeignStyles(await response.text()), { status: response.status, headers });
      },
    },
    (app) => app.use(board),
  );
}

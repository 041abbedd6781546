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
const BOARD_TITLE = 'Queues';

/** The board's page loads only what this app serves: its own bundle, no web fonts from elsewhere. */
const QUEUE_BOARD_CONTENT_SECURITY_POLICY = selfOnlyPolicy({ forms: 'self' });

/** The board's page as it ships links a stylesheet of Google Fonts: taken out (the board falls back to sans-serif). */
const withoutForeignStyles = (html: string) => html.replace(/<link\b[^>]*\bhref="https?:\/\/[^"]*"[^>]*>\s*/g, '');

/**
 * The board in the admin's look (issue 27): the product's theme, read from where the app keeps it (localStorage
 * 'theme', see frontend/index.html) and handed to the board's own setting (its persisted 'board-settings' store), and
 * a labelled way back to the administration above it. A file, not an inline script: the policy allows scripts of
 * this origin only.
 */
const THEME_SCRIPT_PATH = `${QUEUE_BOARD_PATH}/lucid-theme.js`;
const THEME_SCRIPT = `(() => {
  try {
    var theme = localStorage.getItem('theme');
    var dark = theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    var saved = JSON.parse(localStorage.getItem('board-settings') || 'null') || { state: {}, version: 0 };
    saved.state = Object.assign({}, saved.state, { darkMode: dark });
    localStorage.setItem('board-settings', JSON.stringify(saved));
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch (e) {}
})();
`;
const BACK_BAR =
  '<nav aria-label="Administration" style="position:fixed;right:16px;bottom:16px;z-index:2000">' +
  '<a href="/admin" data-testid="queue-board-back" style="display:inline-flex;align-items:center;gap:6px;' +
  'padding:8px 14px;border-radius:9999px;font:600 14px/1.2 system-ui,sans-serif;text-decoration:none;' +
  'background:#1d4ed8;color:#fff;box-shadow:0 4px 12px rgba(15,23,42,.35)">&larr; Back to admin</a></nav>';

/** The board's page in the admin's look: the theme script before the board's own, the way back above it. */
const inAdminLook = (html: string) =>
  withoutForeignStyles(html)
    .replace(/<title>[^<]*<\/title>/, `<title>${BOARD_TITLE} | Lucid Insight</title>`)
    .replace('</head>', `<script src="${THEME_SCRIPT_PATH}"></script></head>`)
    .replace(/<body>/, `<body>${BACK_BAR}`);

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const themeScript = () =>
  new Response(THEME_SCRIPT, {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
  });

/** A browser's page load (not the board's own API calls, nor its files). */
const wantsPage = (request: Request) =>
  request.method === 'GET' &&
  (request.headers.get('accept') ?? '').includes('text/html') &&
  !new URL(request.url).pathname.startsWith(`${QUEUE_BOARD_PATH}/api/`);

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
export async function queueBoard(deps: {
  validateSession: SessionCheck;
  redis: Redis;
  prefix: string;
  /** The site's 403 page (the SPA's shell answered with 403; the app shows its 'no access' page), when served. */
  forbiddenPage?: (request: Request) => Response | Promise<Response>;
}) {
  const queues = Object.values(Queues).map((definition) => createQueue<unknown>(deps, definition));
  const serverAdapter = new ElysiaAdapter(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: {
      uiConfig: {
        // The board's header is narrow: the product's name is in the page's title.
        boardTitle: BOARD_TITLE,
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
        if (!session.user.isAdmin)
          // A page asked for by a browser gets the product's 403 page; the board's API calls get JSON.
          return deps.forbiddenPage && wantsPage(request)
            ? deps.forbiddenPage(request)
            : json(403, { message: 'Administrator access required', issues: [] });
        if (session.enrolmentRequired) {
          const refused = enrolmentRequiredError();
          return json(403, { message: refused.message, issues: refused.issues });
        }
        return badBody(request, body);
      },
      async afterHandle({ response }) {
        // The board's page only: not the site's 403 page served in its place.
        if (!(response instanceof Response) || response.status !== 200) return;
        if (!response.headers.get('content-type')?.startsWith('text/html')) return;
        const headers = new Headers(response.headers);
        headers.set('content-security-policy', QUEUE_BOARD_CONTENT_SECURITY_POLICY);
        headers.set('cache-control', 'no-store');
        return new Response(inAdminLook(await response.text()), { status: response.status, headers });
      },
    },
    (app) => app.get(THEME_SCRIPT_PATH, () => themeScript(), { detail: { hide: true } }).use(board),
  );
}

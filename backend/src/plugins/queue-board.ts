import { QueueNames } from '@app/contracts';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ElysiaAdapter } from '@bull-board/elysia';
import { Queue } from 'bullmq';
import { Elysia } from 'elysia';
import type { Redis } from 'ioredis';
import { readCookie, SESSION_COOKIE } from '../lib/cookies';
import { type AuthDeps, validateSession } from '../modules/auth/auth.service';
import { json } from './errors';

export const QUEUE_BOARD_PATH = '/admin/queues';

/**
 * The operators' view of every queue (D22): waiting, active, completed and failed jobs, with retry. Behind the same
 * admin sign-in as the rest: anonymous visitors are sent to sign in, everyone else but admins gets 403.
 */
export async function queueBoard(deps: AuthDeps & { redis: Redis; prefix: string }) {
  const queues = Object.values(QueueNames).map(
    (name) => new Queue(name, { connection: deps.redis, prefix: deps.prefix }),
  );
  for (const queue of queues) queue.on('error', () => {});
  const serverAdapter = new ElysiaAdapter(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Lucid Insight queues' } },
  });
  const board = await serverAdapter.registerPlugin();
  // The check runs before the board's own routes only (not as a hook on every request of the API).
  return new Elysia({ name: 'queue-board' }).guard(
    {
      async beforeHandle({ request }) {
        const session = await validateSession(deps, readCookie(request, SESSION_COOKIE));
        if (!session)
          return new Response(null, {
            status: 302,
            headers: { location: `/login?redirect=${encodeURIComponent(QUEUE_BOARD_PATH)}` },
          });
        if (!session.user.isAdmin) return json(403, { message: 'Administrator access required', issues: [] });
      },
    },
    (app) => app.use(board),
  );
}

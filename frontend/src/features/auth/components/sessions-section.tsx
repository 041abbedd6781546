import type { SessionInfo } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Monitor } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toastFailure } from '../../../components/ui/failure-toast';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { sessionsQueryOptions, useEndSessions } from '../api/account-security.api';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Unknown';

function SessionRow({ session, onEnd, ending }: { session: SessionInfo; onEnd: () => void; ending: boolean }) {
  return (
    <li
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
      data-testid="session-row"
      data-current={session.current}
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          <Monitor aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-white">
            {session.browser} on {session.os}
            {session.current ? (
              <Badge variant="success" data-testid="session-current">
                This browser
              </Badge>
            ) : null}
          </p>
          <p className="text-sm break-words text-slate-600 dark:text-slate-400">{session.place}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Signed in {when(session.createdAt)} · Last seen {when(session.lastSeenAt)}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          onClick={onEnd}
          disabled={ending}
          aria-label={`Sign out ${session.browser} on ${session.os}`}
          data-testid="session-end"
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Where the person is signed in (issue 17): each browser, this one marked; any other can be signed out. */
export function SessionsSection() {
  const sessions = useQuery(sessionsQueryOptions());
  const { endOne, endOthers } = useEndSessions();
  const failed = (error: unknown) => toastFailure('Signing out failed', error);

  if (sessions.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <Spinner /> Loading sessions...
      </p>
    );
  if (sessions.isError) return <Alert variant="error">Your sessions could not be loaded.</Alert>;
  const others = sessions.data.filter((s) => !s.current).length;
  return (
    <div className="flex flex-col gap-4">
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Your sessions" data-testid="sessions">
        {sessions.data.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            ending={endOne.isPending}
            onEnd={() =>
              endOne.mutate(session.id, {
                onSuccess: () => toast({ title: 'Signed out', description: `${session.browser} on ${session.os}` }),
                onError: failed,
              })
            }
          />
        ))}
      </ul>
      {others > 0 ? (
        <div>
          <Button
            variant="outline"
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: ({ ended }) =>
                  toast({ title: ended === 1 ? 'Signed out 1 other session' : `Signed out ${ended} other sessions` }),
                onError: failed,
              })
            }
            disabled={endOthers.isPending}
            data-testid="sessions-end-others"
          >
            {endOthers.isPending ? <Spinner /> : null}
            Sign out all other sessions
          </Button>
        </div>
      ) : null}
    </div>
  );
}

import type { CalendarFeedCreated } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { controlClass } from '../../../components/form/field-shell';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { calendarFeedQueryOptions, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/consultations.queries';
import { formatDateTime } from '../utils/format';
import { notifyFailure, notifySuccess } from '../utils/notify';
import { ListHeader } from './admin-panel';

/**
 * The team's private calendar feed (issue 16): a secret URL their calendar app subscribes to. Only its hash is kept,
 * so the URL is shown once, with a copy button; a new one replaces it, and revoking stops it.
 */
export function CalendarFeedCard() {
  const feed = useQuery(calendarFeedQueryOptions());
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [made, setMade] = useState<CalendarFeedCreated | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const id = useId();

  const makeFeed = () =>
    create.mutate(undefined, {
      onSuccess: (answer) => {
        setMade(answer);
        setCopied(false);
      },
      onError: (error) => notifyFailure('Error making the calendar feed', error),
    });

  return (
    <Card className="min-w-0 p-4 sm:p-6" data-testid="calendar-feed">
      <ListHeader title="Team calendar feed" />
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        Subscribe to it in Google Calendar, Outlook or Apple Calendar to see every confirmed consultation from 30 days
        ago to the booking window ahead. Anyone with the URL can read it: share it only with the team.
      </p>
      {feed.isPending ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading...
        </p>
      ) : feed.isError ? (
        <Alert variant="error">The calendar feed could not be loaded.</Alert>
      ) : (
        <div className="flex flex-col gap-4">
          {made ? (
            <div className="flex flex-col gap-2" data-testid="calendar-feed-url">
              <label htmlFor={`${id}-url`} className="text-xs font-semibold text-slate-700 dark:text-slate-300">
                Your feed URL (shown only now: copy it)
              </label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <input
                  id={`${id}-url`}
                  readOnly
                  value={made.url}
                  onFocus={(event) => event.currentTarget.select()}
                  className={`${controlClass} font-mono text-xs`}
                  data-testid="calendar-feed-url-input"
                />
                <Button
                  variant="outline"
                  onClick={() =>
                    void navigator.clipboard
                      ?.writeText(made.url)
                      .then(() => setCopied(true))
                      .catch(() => notifySuccess('Select the URL and copy it'))
                  }
                  data-testid="calendar-feed-copy"
                >
                  <Copy aria-hidden="true" className="size-4" />
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </div>
            </div>
          ) : feed.data.active ? (
            <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="calendar-feed-active">
              A feed is live since {formatDateTime(feed.data.createdAt, '-')}. Its URL was shown when it was made; a new
              one replaces it.
            </p>
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="calendar-feed-none">
              No feed yet.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={makeFeed} disabled={create.isPending} data-testid="calendar-feed-create">
              {create.isPending ? <Spinner /> : null}
              {feed.data.active ? 'Make a new URL' : 'Make a feed URL'}
            </Button>
            {feed.data.active ? (
              <ConfirmDialog
                open={confirming}
                onOpenChange={setConfirming}
                trigger={
                  <Button variant="outline" data-testid="calendar-feed-revoke">
                    Revoke
                  </Button>
                }
                title="Revoke the calendar feed?"
                question="Calendars subscribed to it stop getting consultations."
                confirmLabel="Revoke"
                pendingLabel="Revoking..."
                pending={revoke.isPending}
                onConfirm={() =>
                  revoke.mutate(undefined, {
                    onSuccess: () => {
                      setConfirming(false);
                      setMade(null);
                      notifySuccess('Calendar feed revoked');
                    },
                    onError: (error) => notifyFailure('Error revoking the calendar feed', error),
                  })
                }
              />
            ) : null}
          </div>
        </div>
      )}
    </Card>
  );
}

import { CalendarDays, CheckCircle2, ClipboardList, Mail } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { TabList, TabPanel, Tabs, TabTrigger } from '../../../components/ui/tabs';
import { whenIdle } from '../../../lib/when-idle';
import type { BookingDraft } from '../forms/booking-form';
import { checkSchedulingUrl, type SchedulingPrefill } from '../scheduling/scheduling-url';

/**
 * The calendar and the form wait for the runtime settings (they are not in the prerendered page, D25), so their
 * code (the form library, the date picker, the widget's dialog) is loaded apart from the page's, after it hydrates.
 */
const loadForm = () => import('../forms/booking-form');
const loadWidget = () => import('./scheduling-widget');
const BookingForm = lazy(() => loadForm().then((module) => ({ default: module.BookingForm })));
const SchedulingWidget = lazy(() => loadWidget().then((module) => ({ default: module.SchedulingWidget })));
const SchedulingSetupPanel = lazy(() => loadWidget().then((module) => ({ default: module.SchedulingSetupPanel })));

export type BookingView = 'calendar' | 'form';

/** The zone used when GET /api/config failed (the API then refuses a booking anyway). */
const FALLBACK_TIME_ZONE = 'America/New_York';

export interface BookingSectionProps {
  /** `config.schedulingUrl`; `undefined` while the config loads. */
  schedulingUrl: string | null | undefined;
  /** `config.bookingTimeZone`; `undefined` while the config loads. */
  bookingTimeZone: string | undefined;
  configFailed?: boolean;
  /** The signed-in person, to prefill the scheduling widget. */
  visitor?: { name?: string | undefined; email?: string | undefined } | null | undefined;
  /** A signed-in admin also sees how to connect the scheduling service while none is configured (D32). */
  isAdmin?: boolean;
  /** The tab shown first; the calendar by default. */
  initialView?: BookingView;
}

const benefits = [
  'Automatic calendar sync with Google, Outlook and Apple calendars',
  'E-mail reminders before the meeting',
  'Automatic time zone detection',
];

const calendarLoading = (
  <div
    role="status"
    className="flex h-[630px] items-center justify-center gap-2 text-sm text-slate-600 dark:text-slate-300"
  >
    <Spinner className="size-5" />
    Loading calendar...
  </div>
);

const panelClass = 'rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';

const formLoading = (
  <div role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
    <Spinner className="size-5" />
    Loading the booking form...
  </div>
);

/** What the widget is told: what was typed in the form, else who is signed in. a1 and a2 are the business and field. */
function prefillFrom(draft: BookingDraft | null, visitor: BookingSectionProps['visitor']): SchedulingPrefill {
  const name = draft?.name?.trim() || visitor?.name?.trim() || undefined;
  const email = draft?.email?.trim() || visitor?.email?.trim() || undefined;
  return {
    name,
    email,
    customAnswers: { a1: draft?.businessName?.trim() || undefined, a2: draft?.lineOfWork?.trim() || undefined },
  };
}

/** /book-consultation (spec section 2): the scheduling service's calendar or our own booking form, in two tabs. */
export function BookingSection({
  schedulingUrl,
  bookingTimeZone,
  configFailed = false,
  visitor,
  isAdmin = false,
  initialView = 'calendar',
}: BookingSectionProps) {
  const [view, setView] = useState<BookingView>(initialView);
  // The form is built the first time its tab is shown, then kept (with what was typed) while the calendar is shown:
  // building it hidden as the page loads would hold the page up for a tab most visitors never open.
  const [formShown, setFormShown] = useState(initialView === 'form');
  const showView = (next: BookingView) => {
    setView(next);
    if (next === 'form') setFormShown(true);
  };
  const [draft, setDraft] = useState<BookingDraft | null>(null);
  const onDraftChange = useCallback((next: BookingDraft) => setDraft(next), []);
  const configLoading = schedulingUrl === undefined && !configFailed;

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
    // The form's code once the visitor shows intent (or when its tab is about to be chosen, below).
    void whenIdle().then(loadForm);
  }, []);
  // The calendar tab's code once the settings say which calendar it is (issue 30): the scheduling service's widget
  // (and its dialog) only where one is configured; else the picker, whose code is the form's.
  useEffect(() => {
    if (schedulingUrl === undefined) return;
    if (checkSchedulingUrl(schedulingUrl).ok) void loadWidget();
    else void loadForm();
  }, [schedulingUrl]);

  const timeZone = bookingTimeZone ?? (configFailed ? FALLBACK_TIME_ZONE : undefined);
  const widget = checkSchedulingUrl(schedulingUrl).ok;
  // Without a scheduling service the calendar tab is our own picker (D32): what was typed in either tab carries over.
  const initialDraft = draft ?? (visitor ? { name: visitor.name ?? '', email: visitor.email ?? '' } : null);

  return (
    <section id="book" aria-labelledby="book-heading" className="py-16 sm:py-20" data-testid="booking-section">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <h1
            id="book-heading"
            className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
          >
            Book a Free Consultation
          </h1>
          <p className="mt-4 text-lg leading-8 text-slate-600 dark:text-slate-300">
            Talk with us for 30 minutes, free of charge, about your data and the dashboards that would help your team.
            Pick a time in our calendar, or send us your preferred time with the booking form.
          </p>
        </div>

        <Tabs value={view} onValueChange={(value) => showView(value as BookingView)} className="mt-10">
          <TabList label="How to book">
            <TabTrigger value="calendar" data-testid="booking-tab-calendar">
              <CalendarDays aria-hidden="true" className="size-4" />
              Calendar
            </TabTrigger>
            <TabTrigger value="form" data-testid="booking-tab-form" onIntent={() => void loadForm()}>
              <ClipboardList aria-hidden="true" className="size-4" />
              Booking Form
            </TabTrigger>
          </TabList>

          <div className="mt-6 grid gap-8 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <TabPanel value="calendar" data-testid="booking-panel-calendar">
                {view !== 'calendar' ? null : configLoading ? (
                  <div className={panelClass}>{calendarLoading}</div>
                ) : widget ? (
                  <div className={`overflow-hidden ${panelClass}`}>
                    <Suspense fallback={calendarLoading}>
                      <SchedulingWidget schedulingUrl={schedulingUrl} prefill={prefillFrom(draft, visitor)} />
                    </Suspense>
                  </div>
                ) : (
                  <div className="flex flex-col gap-6">
                    {isAdmin ? (
                      <Suspense fallback={null}>
                        <SchedulingSetupPanel />
                      </Suspense>
                    ) : null}
                    <div className={`p-4 sm:p-6 ${panelClass}`}>
                      {timeZone ? (
                        <Suspense fallback={calendarLoading}>
                          <BookingForm
                            variant="picker"
                            testIdPrefix="picker"
                            timeZone={timeZone}
                            onDraftChange={onDraftChange}
                            initialDraft={initialDraft}
                          />
                        </Suspense>
                      ) : (
                        calendarLoading
                      )}
                    </div>
                  </div>
                )}
              </TabPanel>
              <TabPanel value="form" data-testid="booking-panel-form">
                <div className={`p-5 sm:p-8 ${panelClass}`}>
                  {!formShown ? null : timeZone ? (
                    <Suspense fallback={formLoading}>
                      <BookingForm timeZone={timeZone} onDraftChange={onDraftChange} initialDraft={initialDraft} />
                    </Suspense>
                  ) : (
                    formLoading
                  )}
                </div>
              </TabPanel>
            </div>

            <aside
              aria-labelledby="booking-info-heading"
              className="h-fit rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8 dark:border-slate-800 dark:bg-slate-900/60"
              data-testid="booking-info"
            >
              <h2 id="booking-info-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
                What happens next
              </h2>
              <div className="mt-4 flex gap-3 text-sm leading-6 text-slate-700 dark:text-slate-300">
                <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-blue-700 dark:text-blue-400" />
                {view === 'form' ? (
                  <p data-testid="booking-info-text">
                    Our team will reach out to confirm your consultation. You'll receive a confirmation e-mail with the
                    meeting details and a calendar invite.
                  </p>
                ) : (
                  <p data-testid="booking-info-text">
                    Once you pick a time, you'll receive a confirmation e-mail with the meeting details and a calendar
                    invite.
                  </p>
                )}
              </div>
              {view === 'calendar' ? (
                <ul className="mt-5 space-y-3" data-testid="booking-benefits">
                  {benefits.map((benefit) => (
                    <li key={benefit} className="flex gap-3 text-sm leading-6 text-slate-700 dark:text-slate-300">
                      <CheckCircle2
                        aria-hidden="true"
                        className="mt-0.5 size-5 shrink-0 text-green-700 dark:text-green-400"
                      />
                      {benefit}
                    </li>
                  ))}
                </ul>
              ) : null}
              <p className="mt-5 border-t border-slate-200 pt-5 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
                Free, 30 minutes. Consultations are held Monday to Friday.
              </p>
            </aside>
          </div>
        </Tabs>
      </div>
    </section>
  );
}

import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { CalendarClock } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { DialogCloseButton } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { SchedulingEvent } from '../scheduling/scheduling-events';
import {
  buildSchedulingUrl,
  checkSchedulingUrl,
  type SchedulingEmbedType,
  type SchedulingPageSettings,
  type SchedulingPrefill,
  type SchedulingUtm,
} from '../scheduling/scheduling-url';
import { useSchedulingEvents } from '../scheduling/use-scheduling-events';

/** Spec section 9. */
export const INLINE_WIDGET_HEIGHT = 630;
export const INLINE_WIDGET_MIN_WIDTH = 320;
export const DEFAULT_POPUP_TEXT = 'Schedule a Consultation';
export const FRAME_TITLE = 'Schedule a consultation';

export interface SchedulingEmbedProps {
  prefill?: SchedulingPrefill | undefined;
  pageSettings?: SchedulingPageSettings | undefined;
  utm?: SchedulingUtm | undefined;
  onEventScheduled?: ((event: SchedulingEvent) => void) | undefined;
  onEventCanceled?: ((event: SchedulingEvent) => void) | undefined;
}

const embedDomain = () => (typeof window === 'undefined' ? '' : window.location.host);

function useEmbedUrl(url: string, embedType: SchedulingEmbedType, props: SchedulingEmbedProps): string {
  const { prefill, pageSettings, utm } = props;
  // Serialised so a new object with the same values does not reload the frame.
  const key = JSON.stringify([url, embedType, prefill, pageSettings, utm]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the values it was made of
  return useMemo(
    () => buildSchedulingUrl(url, { prefill, pageSettings, utm, embedType, embedDomain: embedDomain() }),
    [key],
  );
}

/** The service's page in a frame filling its box, with 'Loading calendar...' over it until that page has loaded. */
function SchedulingFrame({ src, 'data-testid': testId }: { src: string; 'data-testid': string }) {
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  return (
    <>
      <iframe
        key={src}
        src={src}
        title={FRAME_TITLE}
        className="block size-full border-0"
        onLoad={() => setLoadedSrc(src)}
        data-testid={testId}
      />
      {loadedSrc === src ? null : (
        <div
          role="status"
          className="absolute inset-0 flex items-center justify-center gap-2 bg-white text-sm text-slate-600 dark:bg-slate-900 dark:text-slate-300"
          data-testid="scheduling-loading"
        >
          <Spinner className="size-5" />
          Loading calendar...
        </div>
      )}
    </>
  );
}

/** The service's page in a frame on the page: full width, 630 px high (then as high as the page says). */
export function InlineSchedulingWidget({
  url,
  className,
  ...props
}: SchedulingEmbedProps & { url: string; className?: string }) {
  const src = useEmbedUrl(url, 'Inline', props);
  const [height, setHeight] = useState(INLINE_WIDGET_HEIGHT);
  useSchedulingEvents({
    onEventScheduled: props.onEventScheduled,
    onEventCanceled: props.onEventCanceled,
    onPageHeight: (pixels) => setHeight(Math.max(pixels, INLINE_WIDGET_HEIGHT)),
  });

  return (
    <div className={cn('relative w-full min-w-[320px]', className)} style={{ height }} data-testid="scheduling-inline">
      <SchedulingFrame src={src} data-testid="scheduling-frame" />
    </div>
  );
}

export interface SchedulingPopupButtonProps extends SchedulingEmbedProps {
  url: string;
  /** The button's text. */
  children?: ReactNode;
  /** Where the popup is rendered; `document.body` by default. Without one the popup cannot open (an error). */
  rootElement?: HTMLElement | null | undefined;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}

/**
 * A button that opens the service's page in a modal overlay (Ark UI Dialog): 80% of a wide screen (900 to 1000 px,
 * at most 680 px high), the whole screen below 975 px. Closes on a click on the overlay, the close button or Escape.
 */
export function SchedulingPopupButton({
  url,
  children = DEFAULT_POPUP_TEXT,
  rootElement,
  variant = 'primary',
  size = 'lg',
  className,
  ...props
}: SchedulingPopupButtonProps) {
  const root = rootElement === undefined ? (typeof document === 'undefined' ? null : document.body) : rootElement;
  const src = useEmbedUrl(url, 'PopupWidget', props);
  const container = useMemo(() => ({ current: root ?? null }), [root]);
  useSchedulingEvents({
    onEventScheduled: props.onEventScheduled,
    onEventCanceled: props.onEventCanceled,
  });
  if (!root)
    throw new Error('SchedulingPopupButton needs a root element to render the popup into (rootElement is missing).');

  return (
    // Unmounted on close: a reopened popup loads the page again, 'Loading calendar...' first.
    <ArkDialog.Root lazyMount unmountOnExit>
      <ArkDialog.Trigger asChild>
        <Button variant={variant} size={size} {...(className && { className })} data-testid="scheduling-popup-button">
          <CalendarClock aria-hidden="true" className="size-5" />
          {children}
        </Button>
      </ArkDialog.Trigger>
      <Portal container={container}>
        <ArkDialog.Backdrop className="fixed inset-0 z-50 bg-slate-950/70" data-testid="scheduling-popup-overlay" />
        <ArkDialog.Positioner className="fixed inset-0 z-50 flex items-center justify-center min-[975px]:p-6">
          <ArkDialog.Content
            className="relative h-full w-full overflow-hidden bg-white shadow-2xl outline-none min-[975px]:h-[min(680px,calc(100vh-3rem))] min-[975px]:w-[80%] min-[975px]:min-w-[900px] min-[975px]:max-w-[1000px] min-[975px]:rounded-2xl dark:bg-slate-900"
            data-testid="scheduling-popup"
          >
            <ArkDialog.Title className="sr-only">{FRAME_TITLE}</ArkDialog.Title>
            <SchedulingFrame src={src} data-testid="scheduling-popup-frame" />
            <DialogCloseButton
              aria-label="Close the scheduling popup"
              className="absolute top-3 right-3 z-10 rounded-full bg-slate-900/80 p-2 text-white transition hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
              data-testid="scheduling-popup-close"
            />
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}

/** How to connect the scheduling service, shown to admins only while no usable URL is configured (D17, D32). */
export function SchedulingSetupPanel() {
  return (
    <section
      aria-labelledby="scheduling-setup-heading"
      className="rounded-2xl border border-blue-200 bg-blue-50 p-6 sm:p-8 text-slate-700 dark:border-blue-900 dark:bg-blue-950/50 dark:text-slate-300"
      data-testid="scheduling-setup"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-100 text-blue-700 dark:bg-blue-900 dark:text-blue-200">
          <CalendarClock aria-hidden="true" className="size-5" />
        </span>
        {/* h2: the page's h1 is the only heading above it (heading order). */}
        <h2 id="scheduling-setup-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Scheduling integration ready
        </h2>
      </div>
      <p className="mt-4 text-sm leading-6">
        Only administrators see this notice. The scheduling service's calendar appears here as soon as its link is
        configured; until then visitors book with our own date picker below, backed by our availability.
      </p>
      <div className="mt-4 text-sm leading-6">
        <p className="font-medium text-slate-900 dark:text-white">To connect the calendar:</p>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>Create the 30-minute consultation event in your Calendly account.</li>
          <li>
            Set <code className="rounded bg-white px-1 py-0.5 font-mono text-xs dark:bg-slate-900">SCHEDULING_URL</code>{' '}
            on the server to its https link, for example{' '}
            <code className="break-all rounded bg-white px-1 py-0.5 font-mono text-xs dark:bg-slate-900">
              https://calendly.com/{'{account}'}/30min
            </code>
            .
          </li>
          <li>Restart the server; no new build is needed.</li>
        </ol>
      </div>
    </section>
  );
}

export interface SchedulingWidgetProps extends SchedulingEmbedProps {
  /** `config.schedulingUrl` from GET /api/config. */
  schedulingUrl: string | null | undefined;
  mode?: 'inline' | 'popup';
  popupText?: ReactNode;
  rootElement?: HTMLElement | null | undefined;
}

/** The scheduling widget (spec section 2): the service's page inline or in a popup, or the setup instructions. */
export function SchedulingWidget({
  schedulingUrl,
  mode = 'inline',
  popupText,
  rootElement,
  ...props
}: SchedulingWidgetProps) {
  const check = checkSchedulingUrl(schedulingUrl);
  if (!check.ok) return <SchedulingSetupPanel />;
  if (mode === 'popup')
    return (
      <SchedulingPopupButton url={check.url} rootElement={rootElement} {...props}>
        {popupText ?? DEFAULT_POPUP_TEXT}
      </SchedulingPopupButton>
    );
  return <InlineSchedulingWidget url={check.url} {...props} />;
}

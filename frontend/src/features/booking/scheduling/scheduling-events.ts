import { SCHEDULING_ORIGIN } from './scheduling-url';

/** The browser messages the scheduling service's frame posts (spec section 7). */
type SchedulingEventName =
  | 'calendly.profile_page_viewed'
  | 'calendly.event_type_viewed'
  | 'calendly.date_and_time_selected'
  | 'calendly.event_scheduled'
  | 'calendly.event_canceled'
  | 'calendly.page_height';

export interface SchedulingEvent {
  event: SchedulingEventName;
  payload: Record<string, unknown>;
}

const EVENT_NAMES: ReadonlySet<string> = new Set<SchedulingEventName>([
  'calendly.profile_page_viewed',
  'calendly.event_type_viewed',
  'calendly.date_and_time_selected',
  'calendly.event_scheduled',
  'calendly.event_canceled',
  'calendly.page_height',
]);

/**
 * The service's event in a window message, or null: only messages whose origin is the service's (D17) and whose
 * data names one of its events count; every other message on the page is ignored.
 */
export function readSchedulingEvent(message: Pick<MessageEvent, 'origin' | 'data'>): SchedulingEvent | null {
  if (message.origin !== SCHEDULING_ORIGIN) return null;
  const data: unknown = message.data;
  if (!data || typeof data !== 'object' || !('event' in data) || typeof data.event !== 'string') return null;
  if (!EVENT_NAMES.has(data.event)) return null;
  const payload = 'payload' in data && data.payload && typeof data.payload === 'object' ? data.payload : {};
  return { event: data.event as SchedulingEventName, payload: payload as Record<string, unknown> };
}

/** The frame's content height from a 'calendly.page_height' payload ('1234px' or 1234), in pixels, or null. */
export function pageHeightOf(payload: Record<string, unknown>): number | null {
  const value = payload.height;
  const pixels = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(pixels) && pixels > 0 && pixels < 10_000 ? Math.round(pixels) : null;
}

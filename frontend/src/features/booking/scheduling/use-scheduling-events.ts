import { useEffect, useRef } from 'react';
import { toast } from '../../../components/ui/toast';
import { pageHeightOf, readSchedulingEvent, type SchedulingEvent } from './scheduling-events';

export interface SchedulingEventHandlers {
  /** After the toast 'Consultation booked!'. */
  onEventScheduled?: ((event: SchedulingEvent) => void) | undefined;
  onEventCanceled?: ((event: SchedulingEvent) => void) | undefined;
  /** The frame's content height in pixels ('calendly.page_height'). */
  onPageHeight?: ((height: number) => void) | undefined;
}

const BOOKED_TOAST = {
  title: 'Consultation booked!',
  description: 'Check your email for confirmation details.',
};

/**
 * Listens to the scheduling service's window messages while mounted (spec section 4). Only messages from the
 * service's origin are read (D17); the handlers may change between renders without re-subscribing.
 */
export function useSchedulingEvents(handlers: SchedulingEventHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const onMessage = (message: MessageEvent) => {
      const event = readSchedulingEvent(message);
      if (!event) return;
      const { onEventScheduled, onEventCanceled, onPageHeight } = latest.current;
      switch (event.event) {
        case 'calendly.profile_page_viewed':
          console.info('Scheduling widget: profile page viewed');
          break;
        case 'calendly.event_scheduled':
          toast(BOOKED_TOAST);
          onEventScheduled?.(event);
          break;
        case 'calendly.event_canceled':
          onEventCanceled?.(event);
          break;
        case 'calendly.page_height': {
          const height = pageHeightOf(event.payload);
          if (height !== null) onPageHeight?.(height);
          break;
        }
        default:
          // event_type_viewed, date_and_time_selected: nothing to do on our side.
          break;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}

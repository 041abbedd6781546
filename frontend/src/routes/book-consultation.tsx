import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../features/auth/api/auth.queries';
import { BookingSection } from '../features/booking/components/booking-section';
import { configQueryOptions } from '../features/config/api/config.queries';
import { marketingHead } from '../lib/seo';
import { useHydrated, useHydratedQuery } from '../lib/use-hydrated';

export const Route = createFileRoute('/book-consultation')({
  head: () => marketingHead('/book-consultation'),
  component: BookConsultationPage,
});

/** Prerendered without the API (D25): the runtime settings and the visitor come in once the page has hydrated. */
function BookConsultationPage() {
  const current = useCurrentUser();
  const hydrated = useHydrated();
  const user = hydrated ? current.user : null;
  const config = useHydratedQuery(useQuery(configQueryOptions()));
  const visitor = user
    ? { name: [user.firstName, user.lastName].filter(Boolean).join(' ') || undefined, email: user.email }
    : null;
  return (
    <BookingSection
      schedulingUrl={config.data ? config.data.schedulingUrl : undefined}
      bookingTimeZone={config.data?.bookingTimeZone}
      configFailed={config.isError}
      visitor={visitor}
      isAdmin={user?.isAdmin === true}
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { configQueryOptions } from '../features/config/api/config.queries';
import { ContactSection } from '../features/contact/components/contact-section';
import { marketingHead } from '../lib/seo';
import { useHydrated } from '../lib/use-hydrated';

export const Route = createFileRoute('/contact')({
  head: () => marketingHead('/contact'),
  component: ContactPage,
});

function ContactPage() {
  const config = useQuery(configQueryOptions());
  // Prerendered without the runtime settings (D25): the address appears once the page has hydrated.
  const hydrated = useHydrated();
  return (
    <ContactSection
      companyEmail={hydrated ? config.data?.companyEmail : undefined}
      configFailed={hydrated && config.isError}
    />
  );
}

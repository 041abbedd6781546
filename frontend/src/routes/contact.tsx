import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { configQueryOptions } from '../features/config/api/config.queries';
import { ContactSection } from '../features/contact/components/contact-section';
import { marketingHead } from '../lib/seo';
import { useHydratedQuery } from '../lib/use-hydrated';

export const Route = createFileRoute('/contact')({
  head: () => marketingHead('/contact'),
  component: ContactPage,
});

/** Prerendered without the runtime settings (D25): the address appears once the page has hydrated. */
function ContactPage() {
  const config = useHydratedQuery(useQuery(configQueryOptions()));
  return <ContactSection companyEmail={config.data?.companyEmail} configFailed={config.isError} />;
}

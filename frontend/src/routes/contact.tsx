import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { configQueryOptions } from '../features/config/api/config.queries';
import { ContactSection, preloadContactForm } from '../features/contact/components/contact-section';
import { marketingHead } from '../lib/seo';
import { useHydratedQuery } from '../lib/use-hydrated';

export const Route = createFileRoute('/contact')({
  head: () => marketingHead('/contact'),
  // A link to /contact hovered or focused: the form's code comes with the page's. Not on the page's own load, where
  // the prerendered form waits for the visitor to reach for it (contact-section.tsx).
  loader: ({ preload }) => {
    if (preload) preloadContactForm();
  },
  component: ContactPage,
});

/** Prerendered without the runtime settings (D25): the address appears once the page has hydrated. */
function ContactPage() {
  const config = useHydratedQuery(useQuery(configQueryOptions()));
  return <ContactSection companyEmail={config.data?.companyEmail} configFailed={config.isError} />;
}

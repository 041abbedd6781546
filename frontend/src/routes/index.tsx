import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../features/auth/api/auth.queries';
import { CallToActionSection } from '../features/marketing/components/call-to-action-section';
import { HeroSection } from '../features/marketing/components/hero-section';
import { HighlightsSection } from '../features/marketing/components/highlights-section';
import { CaseStudiesSection } from '../features/site/components/case-studies-section';
import { marketingHead } from '../lib/seo';
import { useHydrated } from '../lib/use-hydrated';

export const Route = createFileRoute('/')({
  head: () => marketingHead('/'),
  component: HomePage,
});

function HomePage() {
  const { isAuthenticated } = useCurrentUser();
  // Prerendered for an anonymous visitor (D25): a signed-in client sees 'Go to My Dashboards' once hydrated.
  const hydrated = useHydrated();
  return (
    <>
      <HeroSection />
      <HighlightsSection />
      <CaseStudiesSection />
      <CallToActionSection signedIn={hydrated && isAuthenticated} />
    </>
  );
}

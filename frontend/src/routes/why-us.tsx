import { createFileRoute } from '@tanstack/react-router';
import { WhyUsPage } from '../features/marketing/components/why-us-page';
import { CaseStudiesSection } from '../features/site/components/case-studies-section';
import { marketingHead } from '../lib/seo';

export const Route = createFileRoute('/why-us')({
  head: () => marketingHead('/why-us'),
  component: () => <WhyUsPage proof={<CaseStudiesSection />} />,
});

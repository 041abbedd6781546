import { createFileRoute } from '@tanstack/react-router';
import { OurValuesPage } from '../features/marketing/components/our-values-page';
import { marketingHead } from '../lib/seo';

export const Route = createFileRoute('/our-values')({
  head: () => marketingHead('/our-values'),
  component: OurValuesPage,
});

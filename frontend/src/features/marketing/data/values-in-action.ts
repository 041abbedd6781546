import { BarChart3, MessageSquareText, UserRound } from 'lucide-react';
import type { ContentCard } from './content';

/** Our Values: 'Putting Values Into Action' (spec section 2). */
export const valuesInAction: ContentCard[] = [
  {
    icon: UserRound,
    title: 'Human-Centered Design',
    text: 'We sit with the people who will use the dashboard and shape it around their questions, screens and habits.',
  },
  {
    icon: MessageSquareText,
    title: 'Plain Language',
    text: 'Titles, labels and notes say what they mean, so nobody needs a glossary to read a chart.',
  },
  {
    icon: BarChart3,
    title: 'Actionable Insights',
    text: 'Every view ends in a next step: what changed, why it matters and who should act on it.',
  },
];

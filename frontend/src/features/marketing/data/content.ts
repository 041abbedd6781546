import {
  Eye,
  HeartHandshake,
  Lightbulb,
  type LucideIcon,
  ShieldCheck,
  Telescope,
  TrendingUp,
  Users,
  Zap,
} from 'lucide-react';

export interface ContentCard {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** Why Us: the four cards (spec section 2). */
export const whyUsCards: ContentCard[] = [
  {
    icon: Lightbulb,
    title: 'Illuminate Insights',
    text: 'We bring every source into one clear view, so the patterns hiding in your data finally come to light.',
  },
  {
    icon: TrendingUp,
    title: 'Drive Growth',
    text: 'Track the numbers that move your organization, spot opportunities early and see the effect of every change.',
  },
  {
    icon: Users,
    title: 'Empower Teams',
    text: 'Everyone works from the same trusted numbers, with training so your people can explore on their own.',
  },
  {
    icon: Zap,
    title: 'Accelerate Decisions',
    text: 'Answers in seconds instead of spreadsheets in days: decide with confidence while the moment still matters.',
  },
];

/** Our Values: the four value cards (spec section 2). */
export const valueCards: ContentCard[] = [
  {
    icon: Telescope,
    title: 'Vision',
    text: 'We start from where you want to go and design every dashboard around the decisions that get you there.',
  },
  {
    icon: Eye,
    title: 'Transparency',
    text: 'Plain language, clear pricing and no black boxes: you always know how your numbers are made.',
  },
  {
    icon: HeartHandshake,
    title: 'Empowerment',
    text: 'We build dashboards your team can own and grow, not ones that need us forever.',
  },
  {
    icon: ShieldCheck,
    title: 'Trust',
    text: 'Your data stays yours, handled with care and shared only with the people you choose.',
  },
];

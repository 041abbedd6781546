import {
  BarChart3,
  Cable,
  Eye,
  FileText,
  HeartHandshake,
  Lightbulb,
  Lock,
  type LucideIcon,
  MessageSquareText,
  PieChart,
  RefreshCw,
  ShieldCheck,
  Smartphone,
  Telescope,
  TrendingUp,
  UserRound,
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

/** Why Us: how a project runs. */
export const approachSteps = [
  {
    title: 'Discover',
    text: 'A free 30-minute consultation to learn your goals, your data sources and the decisions you need to make.',
  },
  {
    title: 'Design',
    text: 'We sketch the dashboard with you, connect your data and agree on every metric before we build.',
  },
  {
    title: 'Deliver',
    text: 'Your PowerBI or Looker Studio dashboard goes live, with training for your team and support as it grows.',
  },
] as const;

/** /dashboards: the six blurbs (spec section 2). */
export const dashboardBlurbs: ContentCard[] = [
  {
    icon: PieChart,
    title: 'PowerBI Integration',
    text: 'Interactive Microsoft PowerBI reports, published where your team already works.',
  },
  {
    icon: FileText,
    title: 'Looker Studio',
    text: 'Shareable Google Looker Studio reports that connect to the tools you use every day.',
  },
  {
    icon: Cable,
    title: 'Custom Data Sources',
    text: 'Spreadsheets, databases, surveys and APIs, combined into one reliable model.',
  },
  {
    icon: RefreshCw,
    title: 'Real-time Updates',
    text: 'Scheduled and live refreshes keep every number current without manual exports.',
  },
  {
    icon: Smartphone,
    title: 'Mobile Optimized',
    text: 'Layouts that read as well on a phone in the field as on a desktop in the office.',
  },
  {
    icon: Lock,
    title: 'Secure Sharing',
    text: 'Each organization sees only its own dashboards, behind a secure sign-in.',
  },
];

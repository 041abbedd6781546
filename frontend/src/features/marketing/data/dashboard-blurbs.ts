import { Cable, FileText, Lock, PieChart, RefreshCw, Smartphone } from 'lucide-react';
import type { ContentCard } from './content';

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

/** The display names of spec section 3, in the order its rules are evaluated. */
export const DISPLAY_NAMES = [
  'Enrollment',
  'Pre Program Survey Results',
  'Post Program Survey Results',
  'Research',
  'Operations',
  'Business Intelligence Dashboard',
] as const;
export type DisplayName = (typeof DISPLAY_NAMES)[number];

/**
 * The display name of a dashboard on the sample page (spec section 3). The rules are evaluated in this order:
 * 1. category education, or a name containing 'education enrollment analytics' or 'enrollment': 'Enrollment';
 * 2. name containing 'pre program survey analytics': 'Pre Program Survey Results';
 * 3. name containing 'post program survey analytics': 'Post Program Survey Results';
 * 4. category research, or a name containing 'survey' or 'stress': 'Research';
 * 5. category operations, or a name containing 'fabrication' or 'progress': 'Operations';
 * 6. otherwise 'Business Intelligence Dashboard'.
 * Category and name are compared case-insensitively.
 */
export function dashboardDisplayName({ name, category }: { name: string; category: string }): DisplayName {
  const n = name.toLowerCase();
  const c = category.trim().toLowerCase();
  if (c === 'education' || n.includes('education enrollment analytics') || n.includes('enrollment'))
    return 'Enrollment';
  if (n.includes('pre program survey analytics')) return 'Pre Program Survey Results';
  if (n.includes('post program survey analytics')) return 'Post Program Survey Results';
  if (c === 'research' || n.includes('survey') || n.includes('stress')) return 'Research';
  if (c === 'operations' || n.includes('fabrication') || n.includes('progress')) return 'Operations';
  return 'Business Intelligence Dashboard';
}

export interface DashboardArtwork {
  /** Our own illustration (D20), under public/images/dashboards/. */
  image: string;
  /** What the picture shows, for screen readers. */
  alt: string;
  description: string;
}

/** Picture and description follow the display name (spec section 3). */
export const dashboardArtwork: Record<DisplayName, DashboardArtwork> = {
  Enrollment: {
    image: '/images/dashboards/enrollment.svg',
    alt: 'Enrollment dashboard: KPI tiles for students, new enrollments and retention, enrollment by term, students by program and a campus table',
    description:
      'Enrollment trends by term, program and campus, with retention and demographic breakdowns that help admissions teams plan ahead.',
  },
  'Pre Program Survey Results': {
    image: '/images/dashboards/pre-program-survey.svg',
    alt: 'Pre program survey dashboard: baseline confidence, skills and expectations of participants by cohort',
    description:
      'Baseline answers of participants before a program starts: confidence, skills and expectations by cohort, so you know where everyone begins.',
  },
  'Post Program Survey Results': {
    image: '/images/dashboards/post-program-survey.svg',
    alt: 'Post program survey dashboard: satisfaction, skills gained compared with the baseline, and improvement areas',
    description:
      'Outcomes after a program ends, compared with the baseline: satisfaction, skills gained and what to improve next time.',
  },
  Research: {
    image: '/images/dashboards/research.svg',
    alt: 'Research dashboard: survey responses, stress levels by wave and cohort, and response rates by site',
    description:
      'Survey responses and stress indicators from a multi-site research study, with filters by cohort, site and wave.',
  },
  Operations: {
    image: '/images/dashboards/operations.svg',
    alt: 'Operations dashboard: open work orders, throughput, on-time rate, weekly fabrication output and a schedule table',
    description:
      'Work orders, fabrication throughput and schedule progress across the shop floor, updated every morning.',
  },
  'Business Intelligence Dashboard': {
    image: '/images/dashboards/business-intelligence.svg',
    alt: 'Business intelligence dashboard: revenue, customers and margin tiles, monthly revenue trend and sales by region',
    description:
      'The numbers that run your organization in one place: revenue, customers and margins, with trends and breakdowns you can explore.',
  },
};

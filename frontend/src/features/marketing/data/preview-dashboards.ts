/** The five fixed dashboards of the home page's preview (spec section 2): Looker for Education, PowerBI otherwise. */
export const previewDashboards = [
  {
    label: 'Education',
    platform: 'Looker',
    image: '/images/dashboards/enrollment.svg',
    alt: 'Education enrollment dashboard with enrollment by term, students by program and a campus overview',
  },
  {
    label: 'Research',
    platform: 'PowerBI',
    image: '/images/dashboards/research.svg',
    alt: 'Research dashboard with stress scores by wave, response rates by site and a cohort summary',
  },
  {
    label: 'Operations',
    platform: 'PowerBI',
    image: '/images/dashboards/operations.svg',
    alt: 'Operations dashboard with weekly fabrication output, work orders by stage and schedule progress',
  },
  {
    label: 'Pre Program Survey Results',
    platform: 'PowerBI',
    image: '/images/dashboards/pre-program-survey.svg',
    alt: 'Pre program survey dashboard with self-rated skills, expectations and a baseline by cohort',
  },
  {
    label: 'Post Program Survey Results',
    platform: 'PowerBI',
    image: '/images/dashboards/post-program-survey.svg',
    alt: 'Post program survey dashboard with skills before and after, satisfaction and what to improve',
  },
] as const;

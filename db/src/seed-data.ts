/** The five sample dashboards of the home page (spec section 2) and a demo organization. */
export const sampleDashboards = [
  {
    name: 'Education Enrollment Analytics',
    description:
      'Enrollment trends by term, program and campus, with retention and demographic breakdowns that help admissions teams plan ahead.',
    category: 'Education',
    type: 'Looker',
    embedUrl: 'https://lookerstudio.google.com/embed/reporting/sample-education-enrollment/page/p_overview',
    thumbnailUrl: '/images/dashboards/enrollment.svg',
  },
  {
    name: 'Research Survey and Stress Study',
    description:
      'Survey responses and stress indicators from a multi-site research study, with filters by cohort, site and wave.',
    category: 'Research',
    type: 'PowerBI',
    embedUrl: 'https://app.powerbi.com/view?r=sample-research-survey',
    thumbnailUrl: '/images/dashboards/research.svg',
  },
  {
    name: 'Operations Fabrication Progress',
    description:
      'Work orders, fabrication throughput and schedule progress across the shop floor, updated every morning.',
    category: 'Operations',
    type: 'PowerBI',
    embedUrl: 'https://app.powerbi.com/view?r=sample-operations-progress',
    thumbnailUrl: '/images/dashboards/operations.svg',
  },
  {
    name: 'Pre Program Survey Analytics',
    description:
      'Baseline answers of participants before a program starts: confidence, skills and expectations by cohort.',
    category: 'Research',
    type: 'PowerBI',
    embedUrl: 'https://app.powerbi.com/view?r=sample-pre-program-survey',
    thumbnailUrl: '/images/dashboards/pre-program-survey.svg',
  },
  {
    name: 'Post Program Survey Analytics',
    description:
      'Outcomes after a program ends, compared with the baseline: satisfaction, skills gained and what to improve.',
    category: 'Research',
    type: 'PowerBI',
    embedUrl: 'https://app.powerbi.com/view?r=sample-post-program-survey',
    thumbnailUrl: '/images/dashboards/post-program-survey.svg',
  },
] as const;

export const demoOrganization = { name: 'Demo Organization', domain: 'demo.example.com' } as const;

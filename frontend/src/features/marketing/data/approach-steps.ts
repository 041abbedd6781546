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

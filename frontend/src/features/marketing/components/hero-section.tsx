import { TAGLINE } from '@app/contracts/brand';
import { CallToActionButtons } from './call-to-action-buttons';
import { DashboardPreview } from './dashboard-preview';

export function HeroSection() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden">
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-blue-50 to-white dark:from-slate-900 dark:to-slate-950" />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-400">
            PowerBI &amp; Looker Studio dashboards
          </p>
          <h1
            id="hero-heading"
            className="mt-4 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl dark:text-white"
          >
            {TAGLINE}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600 dark:text-slate-300">
            We design custom dashboards that bring your scattered data together, so your team sees what matters and acts
            on it with confidence.
          </p>
          <CallToActionButtons className="mt-10" />
        </div>
        <DashboardPreview />
      </div>
    </section>
  );
}

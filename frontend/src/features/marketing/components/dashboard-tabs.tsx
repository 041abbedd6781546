import type { PublicDashboard } from '@app/contracts';
import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { TabList, TabPanel, Tabs, TabTrigger } from '../../../components/ui/tabs';
import { cn } from '../../../lib/cn';
import { dashboardArtwork, dashboardDisplayName } from '../utils/dashboard-display';
import { LaptopFrame } from './laptop-frame';

/** A tab per public dashboard (spec section 2): the selected one's picture, type, description and 'Learn more'. */
export function DashboardTabs({ dashboards, routeId }: { dashboards: PublicDashboard[]; routeId?: string }) {
  const preselected = dashboards.find((d) => String(d.id) === routeId) ?? dashboards[0];
  const [value, setValue] = useState(String(preselected?.id));

  return (
    <Tabs value={value} onValueChange={setValue} unmountHidden data-testid="dashboard-tabs">
      <TabList
        label="Sample dashboards"
        plain
        className="flex flex-wrap gap-2 rounded-2xl border border-slate-200 bg-slate-50 p-2 dark:border-slate-800 dark:bg-slate-900"
      >
        {dashboards.map((dashboard) => (
          <TabTrigger
            key={dashboard.id}
            value={String(dashboard.id)}
            plain
            className={cn(
              'grow rounded-xl px-4 py-2.5 text-sm font-semibold text-slate-700 transition-colors sm:grow-0',
              'hover:bg-white hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
              'data-selected:bg-blue-700 data-selected:text-white data-selected:shadow-sm',
              'dark:data-selected:bg-blue-600 dark:data-selected:text-white',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:focus-visible:outline-blue-400',
            )}
          >
            {dashboardDisplayName(dashboard)}
          </TabTrigger>
        ))}
      </TabList>
      {dashboards.map((dashboard) => {
        const displayName = dashboardDisplayName(dashboard);
        const artwork = dashboardArtwork[displayName];
        return (
          <TabPanel
            key={dashboard.id}
            value={String(dashboard.id)}
            className="mt-8 grid items-center gap-10 rounded-md lg:grid-cols-5"
            data-testid="dashboard-panel"
          >
            <LaptopFrame className="lg:col-span-3">
              <img
                src={artwork.image}
                alt={artwork.alt}
                width={1200}
                height={750}
                decoding="async"
                // The page's largest picture.
                fetchPriority="high"
                className="block size-full object-cover"
              />
            </LaptopFrame>
            <div className="lg:col-span-2">
              <Badge variant="info" className="tracking-wide uppercase" data-testid="dashboard-type">
                {dashboard.type}
              </Badge>
              <h2 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
                {displayName}
              </h2>
              <p className="mt-1 text-sm font-medium text-slate-600 dark:text-slate-400">{dashboard.name}</p>
              <p className="mt-4 text-base leading-7 text-slate-700 dark:text-slate-300">{artwork.description}</p>
              <Link to="/book-consultation" className={buttonClass({ size: 'lg', className: 'mt-8' })}>
                Learn more
                {/* The link's name says where it leads (a bare 'Learn more' tells a screen-reader user, or a search
                    engine, nothing); the visible text stays the spec's. */}
                <span className="sr-only"> about the {displayName} dashboard</span>
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </div>
          </TabPanel>
        );
      })}
    </Tabs>
  );
}

import type { ReactNode } from 'react';
import { useInAppLayout } from './app-layout-context';

/** The title block of a page: one h1 and an optional lead paragraph. */
export function PageHeader({ title, lead }: { title: ReactNode; lead?: ReactNode }) {
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
      {lead ? <p className="mt-4 text-lg leading-8 text-slate-600 dark:text-slate-300">{lead}</p> : null}
    </div>
  );
}

/** A page's width and vertical rhythm; in the application layout (admin, portal) the window's full width. */
export function PageContainer({ children }: { children: ReactNode }) {
  const inApp = useInAppLayout();
  return (
    <div
      className={
        inApp
          ? 'w-full min-w-0 px-4 py-6 sm:px-6 sm:py-8 lg:px-8'
          : 'mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8'
      }
    >
      {children}
    </div>
  );
}

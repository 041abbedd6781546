import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const ICON_TONES = {
  slate: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
  amber: 'bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
  sky: 'bg-sky-50 text-sky-700 dark:bg-sky-950 dark:text-sky-300',
} as const;

/** A large round badge with an icon, leading a page or panel that stands in for content (locked, paused, empty...). */
export function IconCircle({ icon: Icon, tone }: { icon: LucideIcon; tone: keyof typeof ICON_TONES }) {
  return (
    <span className={`flex size-14 items-center justify-center rounded-full ${ICON_TONES[tone]}`}>
      <Icon aria-hidden="true" className="size-7" />
    </span>
  );
}

/**
 * What a panel says in place of content it cannot show (the access ended or is paused, nothing to list, not ready
 * yet): the icon, a heading and one paragraph, centred by the panel around it. `heading`: an h2 unless the panel is
 * the page's main content.
 */
export function StatusMessage({
  icon,
  tone,
  title,
  heading: Heading = 'h2',
  messageTestId,
  children,
}: {
  icon: LucideIcon;
  tone: keyof typeof ICON_TONES;
  title: ReactNode;
  heading?: 'h1' | 'h2';
  messageTestId?: string;
  children: ReactNode;
}) {
  return (
    <>
      <IconCircle icon={icon} tone={tone} />
      <Heading className="mt-5 text-xl font-semibold text-slate-900 dark:text-white">{title}</Heading>
      <p className="mt-2 max-w-md text-slate-600 dark:text-slate-300" data-testid={messageTestId}>
        {children}
      </p>
    </>
  );
}

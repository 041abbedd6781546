import { createContext, type KeyboardEvent, type ReactNode, useContext, useId } from 'react';
import { cn } from '../../lib/cn';

/**
 * Tabs after the WAI-ARIA tabs pattern, with automatic activation: the arrow keys (and Home, End) move between the
 * tabs and select the one they reach; only the selected tab is in the Tab order. Small on purpose: the booking page
 * and the sample dashboards show them on first paint, so their code is part of what those pages load first.
 */

interface TabsContextValue {
  value: string;
  select: (value: string) => void;
  /** Prefix of the tabs' and panels' element ids. */
  id: string;
  /** Only the selected tab's panel is rendered (the others are left out rather than hidden). */
  unmountHidden: boolean;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error('Tab lists, tabs and panels go inside <Tabs>');
  return context;
}

const tabId = (id: string, value: string) => `${id}tab-${value}`;
const panelId = (id: string, value: string) => `${id}panel-${value}`;

export interface TabsProps {
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
  className?: string;
  /** Render only the selected tab's panel. */
  unmountHidden?: boolean;
  'data-testid'?: string;
}

export function Tabs({
  value,
  onValueChange,
  children,
  className,
  unmountHidden = false,
  'data-testid': testId,
}: TabsProps) {
  const id = useId();
  return (
    <TabsContext.Provider value={{ value, select: onValueChange, id, unmountHidden }}>
      <div className={className} data-testid={testId}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

function moveBetweenTabs(event: KeyboardEvent<HTMLDivElement>) {
  const step = KEY_STEPS[event.key];
  if (!step) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  event.preventDefault();
  const next = tabs[step(index, tabs.length)];
  next?.focus();
  next?.click();
}

const segmentsClass =
  'inline-flex w-full gap-1 rounded-xl border border-slate-200 bg-slate-100 p-1 sm:w-auto dark:border-slate-700 dark:bg-slate-800';

/** The row of tabs: a segmented control (`className` added), or only what `className` says when `plain`. */
export function TabList({
  children,
  label,
  className,
  plain = false,
}: {
  children: ReactNode;
  label: string;
  className?: string;
  plain?: boolean;
}) {
  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      onKeyDown={moveBetweenTabs}
      className={plain ? className : cn(segmentsClass, className)}
    >
      {children}
    </div>
  );
}

const segmentClass =
  'inline-flex flex-1 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold whitespace-nowrap ' +
  'text-slate-700 transition-colors hover:text-slate-900 sm:flex-none dark:text-slate-300 dark:hover:text-white ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:focus-visible:outline-blue-400 ' +
  'data-[selected]:bg-white data-[selected]:text-blue-800 data-[selected]:shadow-sm ' +
  'dark:data-[selected]:bg-slate-950 dark:data-[selected]:text-blue-300';

/** One tab, a segment (`className` added) or, when `plain`, styled by `className` alone (`data-selected` marks it). */
export function TabTrigger({
  value,
  children,
  className,
  plain = false,
  onIntent,
  'data-testid': testId,
}: {
  value: string;
  children: ReactNode;
  className?: string;
  plain?: boolean;
  /** Called when the tab is about to be chosen (pointer over it, or focus): a moment to fetch what its panel needs. */
  onIntent?: () => void;
  'data-testid'?: string;
}) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      onPointerEnter={onIntent}
      onFocus={onIntent}
      type="button"
      role="tab"
      id={tabId(tabs.id, value)}
      aria-selected={selected}
      aria-controls={selected || !tabs.unmountHidden ? panelId(tabs.id, value) : undefined}
      tabIndex={selected ? 0 : -1}
      data-selected={selected ? '' : undefined}
      onClick={() => tabs.select(value)}
      className={plain ? className : cn(segmentClass, className)}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

/** A tab's panel, hidden unless its tab is selected (or left out, with `unmountHidden` on the tabs). */
export function TabPanel({
  value,
  children,
  className,
  'data-testid': testId,
}: {
  value: string;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  if (!selected && tabs.unmountHidden) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(tabs.id, value)}
      aria-labelledby={tabId(tabs.id, value)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern, the panel is next in the Tab order
      tabIndex={0}
      hidden={!selected}
      className={cn('focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-600', className)}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

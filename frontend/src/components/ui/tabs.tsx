import { Tabs as ArkTabs } from '@ark-ui/react/tabs';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface TabsProps {
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}

/** Tabs (Ark UI): arrow keys move between the triggers, the selected panel follows. */
export function Tabs({ value, onValueChange, children, className }: TabsProps) {
  return (
    <ArkTabs.Root
      value={value}
      onValueChange={(details) => onValueChange(details.value)}
      activationMode="automatic"
      {...(className && { className })}
    >
      {children}
    </ArkTabs.Root>
  );
}

/** The row of triggers, as a segmented control. */
export function TabList({ children, label, className }: { children: ReactNode; label: string; className?: string }) {
  return (
    <ArkTabs.List
      aria-label={label}
      className={cn(
        'inline-flex w-full gap-1 rounded-xl border border-slate-200 bg-slate-100 p-1 sm:w-auto dark:border-slate-700 dark:bg-slate-800',
        className,
      )}
    >
      {children}
    </ArkTabs.List>
  );
}

export function TabTrigger({
  value,
  children,
  'data-testid': testId,
}: {
  value: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <ArkTabs.Trigger
      value={value}
      className={
        'inline-flex flex-1 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold whitespace-nowrap ' +
        'text-slate-700 transition-colors hover:text-slate-900 sm:flex-none dark:text-slate-300 dark:hover:text-white ' +
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:focus-visible:outline-blue-400 ' +
        'data-[selected]:bg-white data-[selected]:text-blue-800 data-[selected]:shadow-sm ' +
        'dark:data-[selected]:bg-slate-950 dark:data-[selected]:text-blue-300'
      }
      {...(testId && { 'data-testid': testId })}
    >
      {children}
    </ArkTabs.Trigger>
  );
}

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
  return (
    <ArkTabs.Content
      value={value}
      className={cn('focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-600', className)}
      {...(testId && { 'data-testid': testId })}
    >
      {children}
    </ArkTabs.Content>
  );
}

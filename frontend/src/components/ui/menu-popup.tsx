import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * An entry of a menu (a link or a button inside `Menu.Item asChild`), highlighted under the pointer or the keyboard;
 * add its padding across (`px-2`).
 */
export const menuItemClass =
  'flex w-full cursor-pointer items-center gap-2 rounded-md py-2 text-sm text-slate-800 outline-none select-none ' +
  'data-highlighted:bg-slate-100 dark:text-slate-200 dark:data-highlighted:bg-slate-800';

/** A menu's popup (Ark UI Menu), in a portal where the menu's positioning puts it; `className` sets its least width. */
export function MenuPopup({
  className,
  children,
  ...rest
}: {
  className: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Portal>
      <Menu.Positioner>
        <Menu.Content
          className={cn(
            'z-50 rounded-lg border border-slate-200 bg-white p-1 shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900',
            className,
          )}
          {...rest}
        >
          {children}
        </Menu.Content>
      </Menu.Positioner>
    </Portal>
  );
}

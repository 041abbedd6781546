import { Portal } from '@ark-ui/react/portal';
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip';
import type { ReactElement, ReactNode } from 'react';

/** Spec section 9: open after 700 ms; once one closed, the next opens without delay within 300 ms. */
const TOOLTIP_OPEN_DELAY = 700;
const TOOLTIP_CLOSE_DELAY = 300;

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element (or an Ark trigger with its own `asChild` chain). */
  children: ReactElement;
  placement?: 'top' | 'bottom' | 'left' | 'right';
  /**
   * The trigger's element id. Give the same id to another Ark component whose trigger shares the element (a menu
   * trigger with a tooltip), so both find it.
   */
  triggerId?: string;
}

/** A small text hint on hover and keyboard focus. Closes on leave, click, Escape and scroll. */
export function Tooltip({ content, children, placement = 'bottom', triggerId }: TooltipProps) {
  return (
    <ArkTooltip.Root
      openDelay={TOOLTIP_OPEN_DELAY}
      closeDelay={TOOLTIP_CLOSE_DELAY}
      closeOnScroll
      closeOnClick
      closeOnEscape
      positioning={{ placement, gutter: 8 }}
      {...(triggerId && { ids: { trigger: triggerId } })}
      lazyMount
      unmountOnExit
    >
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
      <Portal>
        <ArkTooltip.Positioner>
          <ArkTooltip.Content className="z-50 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">
            {content}
          </ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.Root>
  );
}

import { Menu } from '@ark-ui/react/menu';
import { Link } from '@tanstack/react-router';
import { type LucideIcon, MoreHorizontal } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { MenuPopup, menuItemClass } from '../../../components/ui/menu-popup';
import { cn } from '../../../lib/cn';
import { type Confirmation, ConfirmPrompt } from './confirm-prompt';

/** One entry of a row's actions menu: a button, a link of the app, or a destructive action that asks first. */
export type RowAction = {
  value: string;
  label: string;
  icon?: ReactNode;
  'data-testid': string;
} & (
  | { onSelect: () => void; to?: never; confirm?: never }
  | { to: string; params?: Record<string, string>; search?: Record<string, unknown>; onSelect?: never; confirm?: never }
  | { confirm: Confirmation; onSelect?: never; to?: never }
);

const itemClass = cn(menuItemClass, 'px-2.5');

/**
 * A row's actions in one menu (Ark UI Menu, issue 27) instead of a stack of buttons: its trigger is named for the row
 * ('Actions for Acme'); destructive entries are red and ask first. Focus returns to the trigger afterwards.
 */
export function RowActions({
  target,
  actions,
  'data-testid': testId,
}: {
  /** What the row is, for the trigger's name. */
  target: string;
  actions: readonly RowAction[];
  'data-testid': string;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  // The entry asking now, read from `actions` on each render so its `pending` is current.
  const [asking, setAsking] = useState<string | null>(null);
  const confirming = actions.find((action) => action.value === asking)?.confirm;
  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end', gutter: 4 }} lazyMount unmountOnExit>
        <Menu.Trigger
          ref={trigger}
          aria-label={`Actions for ${target}`}
          className={buttonClass({ variant: 'ghost', size: 'sm', className: 'px-2' })}
          data-testid={testId}
        >
          <MoreHorizontal aria-hidden="true" className="size-5" />
        </Menu.Trigger>
        <MenuPopup className="min-w-44" data-testid={`${testId}-menu`}>
          {actions.map((action) => {
            const content = (
              <>
                {action.icon}
                {action.label}
              </>
            );
            if (action.to !== undefined)
              return (
                <Menu.Item key={action.value} value={action.value} asChild>
                  <Link
                    to={action.to as '/'}
                    {...(action.params && { params: action.params as never })}
                    {...(action.search && { search: action.search as never })}
                    className={itemClass}
                    data-testid={action['data-testid']}
                  >
                    {content}
                  </Link>
                </Menu.Item>
              );
            const destructive = action.confirm !== undefined;
            return (
              <Menu.Item key={action.value} value={action.value} asChild>
                {/* A click handler: a mouse click and Enter (which clicks the item) both reach it. */}
                <button
                  type="button"
                  className={cn(itemClass, destructive && 'text-red-700 dark:text-red-300')}
                  onClick={() => (action.confirm ? setAsking(action.value) : action.onSelect?.())}
                  data-testid={action['data-testid']}
                >
                  {content}
                </button>
              </Menu.Item>
            );
          })}
        </MenuPopup>
      </Menu.Root>
      {confirming ? (
        <ConfirmPrompt
          onClose={() => setAsking(null)}
          returnFocusTo={() => trigger.current}
          confirmation={confirming}
          fallbackLabel={actions.find((action) => action.value === asking)?.label ?? 'Confirm'}
        />
      ) : null}
    </>
  );
}

/** What a menu entry does: a handler, a link of the app, or a destructive action that asks first. */
type EntryAction =
  | { onSelect: () => void }
  | { to: string; params?: Record<string, string>; search?: Record<string, unknown> }
  | { confirm: Confirmation };

/** A menu entry: `Icon` before `label`, its test id, and what it does. */
export const entry = (value: string, label: string, Icon: LucideIcon, testId: string, does: EntryAction): RowAction =>
  ({
    value,
    label,
    icon: <Icon aria-hidden="true" className="size-4" />,
    'data-testid': testId,
    ...does,
  }) as RowAction;

import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { useId, useState } from 'react';
import { isTheme, type Theme } from '../../lib/theme';
import { useHydrated } from '../../lib/use-hydrated';
import { opensLater, tappedEarly } from '../../lib/when-idle';
import { buttonClass } from '../ui/button';
import { Tooltip } from '../ui/tooltip';
import { useTheme } from './theme-provider';

const options: Array<{ value: Theme; label: string; icon: typeof Sun }> = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/** Header menu to pick Light, Dark or System (D24); loaded after the page by `ThemeSwitcher`. */
export function ThemeMenu() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  // The menu and the tooltip share one trigger element, so they must agree on its id.
  const triggerId = `theme-switcher-${useId()}`;
  const TriggerIcon = theme === 'system' ? Monitor : resolvedTheme === 'dark' ? Moon : Sun;
  // The stored choice is unknown to a prerendered page: until it has hydrated, the icon follows the `dark` class.
  const hydrated = useHydrated();
  // Tapped before this code came (a touch screen's first touch): open now rather than ignore the tap.
  const [openAtOnce] = useState(() => tappedEarly('theme'));

  return (
    <Menu.Root
      defaultOpen={openAtOnce}
      positioning={{ placement: 'bottom-end', gutter: 8 }}
      ids={{ trigger: triggerId }}
      lazyMount
      unmountOnExit
    >
      <Tooltip content="Change theme" triggerId={triggerId}>
        <Menu.Trigger
          className={buttonClass({ variant: 'ghost', size: 'icon' })}
          aria-label="Change theme"
          data-testid="theme-switcher"
          {...opensLater('theme')}
          data-theme={hydrated ? theme : undefined}
        >
          {hydrated ? (
            <TriggerIcon aria-hidden="true" className="size-5" />
          ) : (
            <>
              <Sun aria-hidden="true" className="size-5 dark:hidden" />
              <Moon aria-hidden="true" className="hidden size-5 dark:block" />
            </>
          )}
        </Menu.Trigger>
      </Tooltip>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className="z-50 min-w-40 rounded-lg border border-slate-200 bg-white p-1 shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900">
            <Menu.RadioItemGroup value={theme} onValueChange={({ value }) => isTheme(value) && setTheme(value)}>
              <Menu.ItemGroupLabel className="px-2 py-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
                Theme
              </Menu.ItemGroupLabel>
              {options.map(({ value, label, icon: Icon }) => (
                <Menu.RadioItem
                  key={value}
                  value={value}
                  data-testid={`theme-option-${value}`}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-800 outline-none select-none data-highlighted:bg-slate-100 data-[state=checked]:font-semibold dark:text-slate-200 dark:data-highlighted:bg-slate-800"
                >
                  <Icon aria-hidden="true" className="size-4" />
                  <Menu.ItemText className="flex-1">{label}</Menu.ItemText>
                  <Menu.ItemIndicator>
                    <Check aria-hidden="true" className="size-4 text-blue-700 dark:text-blue-400" />
                  </Menu.ItemIndicator>
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

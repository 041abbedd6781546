import { Moon, Sun } from 'lucide-react';
import { Suspense } from 'react';
import { lazyWhenIdle } from '../../lib/when-idle';
import { buttonClass } from '../ui/button';

/**
 * The menu itself (Ark UI's menu and tooltip) comes at the visitor's first intent (pointer, touch, key, focus): a prerendered page (D25) keeps its HTML
 * for the switcher until then and React hydrates it in place; a page rendered in the browser shows the same button.
 */
const ThemeMenu = lazyWhenIdle(() => import('./theme-menu').then((module) => module.ThemeMenu));

/** The button of the theme menu before the menu's code has arrived: the icon follows the `dark` class. */
function ThemeButton() {
  return (
    <button
      type="button"
      className={buttonClass({ variant: 'ghost', size: 'icon' })}
      aria-label="Change theme"
      aria-haspopup="menu"
      data-testid="theme-switcher"
    >
      <Sun aria-hidden="true" className="size-5 dark:hidden" />
      <Moon aria-hidden="true" className="hidden size-5 dark:block" />
    </button>
  );
}

/** Header menu to pick Light, Dark or System (D24). */
export function ThemeSwitcher() {
  return (
    <Suspense fallback={<ThemeButton />}>
      <ThemeMenu />
    </Suspense>
  );
}

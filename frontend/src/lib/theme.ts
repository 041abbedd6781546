/**
 * Theme preference (D24): 'light' | 'dark' | 'system', stored under the key 'theme', default 'light'.
 * index.html runs the same logic inline before the first paint; keep the two in sync.
 */
const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
const DEFAULT_THEME: Theme = 'light';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

export const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);

export function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function storeTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be disabled (private mode); the choice then lasts for this page only.
  }
}

export const systemPrefersDark = (): boolean =>
  typeof matchMedia === 'function' ? matchMedia(DARK_QUERY).matches : false;

export const resolveTheme = (theme: Theme, prefersDark: boolean): ResolvedTheme =>
  theme === 'dark' || (theme === 'system' && prefersDark) ? 'dark' : 'light';

/** Puts the resolved theme on <html>: the `dark` class drives Tailwind's dark variant. */
export function applyTheme(resolved: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
}

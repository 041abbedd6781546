// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider, useTheme } from './theme-provider';

/** A matchMedia whose dark preference the test flips, with 'change' listeners like the browser's. */
function fakeColorScheme(initiallyDark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: initiallyDark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    setDark(dark: boolean) {
      query.matches = dark;
      for (const listener of listeners) listener();
    },
  };
}

const html = () => document.documentElement;

beforeEach(() => {
  localStorage.clear();
  html().className = '';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('no-flash script in index.html', () => {
  const source = readFileSync(join(import.meta.dirname, '../../../index.html'), 'utf8');
  const script = /<script>([\s\S]*?)<\/script>/.exec(source)?.[1] ?? '';
  const run = () => new Function(script)();

  it.each([
    [null, false, false],
    [null, true, false],
    ['light', true, false],
    ['dark', false, true],
    ['system', true, true],
    ['system', false, false],
    ['nonsense', true, false],
  ])('stored %s with a dark system %s gives dark %s', (stored, systemDark, dark) => {
    fakeColorScheme(systemDark);
    if (stored) localStorage.setItem('theme', stored);
    run();
    expect(html().classList.contains('dark')).toBe(dark);
  });
});

function Probe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <>
      <p>
        {theme}/{resolvedTheme}
      </p>
      <button type="button" onClick={() => setTheme('system')}>
        system
      </button>
    </>
  );
}

describe('ThemeProvider', () => {
  it("defaults to light and keeps a choice under the key 'theme'", () => {
    fakeColorScheme(true);
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText('light/light')).toBeTruthy();
    expect(html().classList.contains('dark')).toBe(false);

    act(() => screen.getByRole('button', { name: 'system' }).click());
    expect(localStorage.getItem('theme')).toBe('system');
    expect(screen.getByText('system/dark')).toBeTruthy();
    expect(html().classList.contains('dark')).toBe(true);
  });

  it("follows the operating system live in 'system' mode", () => {
    const scheme = fakeColorScheme(false);
    localStorage.setItem('theme', 'system');
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(html().classList.contains('dark')).toBe(false);

    act(() => scheme.setDark(true));
    expect(html().classList.contains('dark')).toBe(true);
    expect(screen.getByText('system/dark')).toBeTruthy();

    act(() => scheme.setDark(false));
    expect(html().classList.contains('dark')).toBe(false);
  });
});

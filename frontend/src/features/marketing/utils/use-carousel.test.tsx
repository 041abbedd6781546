// @vitest-environment happy-dom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_FADE_MS, CAROUSEL_INTERVAL_MS, useCarousel } from './use-carousel';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Still on slide `from` 1 ms before a full 10 s, on the next one at 10 s. */
function expectNextSlideAfterFullWait(result: { current: { index: number } }, from: number) {
  act(() => vi.advanceTimersByTime(9_999));
  expect(result.current.index).toBe(from);
  act(() => vi.advanceTimersByTime(1));
  expect(result.current.index).toBe(from + 1);
}

describe('useCarousel (spec sections 4 and 9)', () => {
  it('uses the spec timing: 10 s between slides, an 800 ms fade', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(10_000);
    expect(CAROUSEL_FADE_MS).toBe(800);
  });

  it('advances every 10 s, not before', () => {
    const { result } = renderHook(() => useCarousel(5));
    expect(result.current.index).toBe(0);
    expectNextSlideAfterFullWait(result, 0);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.index).toBe(2);
  });

  it('wraps from the fifth slide back to the first', () => {
    const { result } = renderHook(() => useCarousel(5));
    act(() => vi.advanceTimersByTime(4 * 10_000));
    expect(result.current.index).toBe(4);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.index).toBe(0);
  });

  it('stays still while paused (reduced motion) and resumes with a full wait', () => {
    const { result, rerender } = renderHook(({ paused }) => useCarousel(5, { paused }), {
      initialProps: { paused: true },
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.index).toBe(0);
    rerender({ paused: false });
    expectNextSlideAfterFullWait(result, 0);
  });

  it('goes to a chosen slide and waits 10 s from there', () => {
    const { result } = renderHook(() => useCarousel(5));
    act(() => vi.advanceTimersByTime(6_000));
    act(() => result.current.goTo(3));
    expect(result.current.index).toBe(3);
    act(() => vi.advanceTimersByTime(9_000));
    expect(result.current.index).toBe(3);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.index).toBe(4);
  });
});

/** The home page's carousel, in a router, for a visitor who prefers reduced motion or not. */
async function renderPreview({ reducedMotion }: { reducedMotion: boolean }) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: reducedMotion && query.includes('reduced-motion'),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
  const { DashboardPreview } = await import('../components/dashboard-preview');
  const { RouterContextProvider, createRootRoute, createRouter } = await import('@tanstack/react-router');
  const router = createRouter({ routeTree: createRootRoute() });
  render(
    <RouterContextProvider router={router}>
      <DashboardPreview />
    </RouterContextProvider>,
  );
}

describe('DashboardPreview', () => {
  it('labels the carousel and its slides, fades over 800 ms and moves on after 10 s', async () => {
    await renderPreview({ reducedMotion: false });
    const carousel = screen.getByRole('region', { name: 'Sample dashboard previews' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const active = () => carousel.querySelector('img[data-active="true"]') as HTMLImageElement;
    expect(active().getAttribute('src')).toBe('/images/dashboards/enrollment.svg');
    expect(active().alt).toMatch(/Education/);
    expect(active().style.transitionDuration).toBe('800ms');
    expect(screen.getByRole('link').textContent).toMatch(/^EducationLooker/);
    act(() => vi.advanceTimersByTime(10_000));
    expect(active().getAttribute('src')).toBe('/images/dashboards/research.svg');
    expect(screen.getByRole('link').textContent).toMatch(/^ResearchPowerBI/);
    // Only the slide on screen is announced.
    expect(carousel.querySelectorAll('img:not([aria-hidden])')).toHaveLength(1);
    vi.unstubAllGlobals();
  });

  it('does not move for visitors who prefer reduced motion', async () => {
    await renderPreview({ reducedMotion: true });
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByTestId('dashboard-carousel').getAttribute('data-index')).toBe('0');
    expect(screen.getByTestId('dashboard-carousel').getAttribute('data-paused')).toBe('true');
    vi.unstubAllGlobals();
  });
});

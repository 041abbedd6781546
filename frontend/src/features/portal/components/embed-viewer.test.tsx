// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { quietFrameErrors } from '../../../testing/quiet-frames';
import { EmbedViewer, FRAME_SANDBOX } from './embed-viewer';

const POWER_BI = 'https://app.powerbi.com/view?r=eyJrIjoiYWJj';
const LOOKER = 'https://lookerstudio.google.com/embed/reporting/1/page/2';
const PICTURE = 'https://images.example.com/sales.PNG?v=2';

quietFrameErrors();
cleanUpAfterEachTest();
afterEach(() => vi.useRealTimers());

const frame = () => screen.getByTestId('viewer-frame') as HTMLIFrameElement;
const fullscreenButton = () => screen.getByTestId('viewer-fullscreen');
const viewer = () => screen.getByTestId('embed-viewer');

describe('EmbedViewer: picture or frame', () => {
  it('shows a URL ending in an image extension as a picture with the name as alt text', () => {
    render(<EmbedViewer url={PICTURE} title="Sales Snapshot" />);
    const image = screen.getByRole('img', { name: 'Sales Snapshot' }) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe(PICTURE);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('embeds any other URL in a sandboxed frame of 900 px named after the dashboard', () => {
    render(<EmbedViewer url={LOOKER} title="Survey Results" />);
    const element = frame();
    expect(element.getAttribute('src')).toBe(LOOKER);
    expect(element.getAttribute('title')).toBe('Survey Results');
    expect(element.getAttribute('height')).toBe('900');
    expect(element.className).toContain('h-[900px]');
    expect(element.getAttribute('sandbox')).toBe(FRAME_SANDBOX);
    expect(element.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(element.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
    expect(element.getAttribute('allow')).toBe('fullscreen');
    expect(element.getAttribute('loading')).toBe('lazy');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('adds the Power BI navigation parameters to a Power BI URL', () => {
    render(<EmbedViewer url={POWER_BI} title="Enrollment" />);
    const params = new URL(frame().getAttribute('src') ?? '').searchParams;
    expect(params.get('r')).toBe('eyJrIjoiYWJj');
    expect(params.get('navContentPaneEnabled')).toBe('true');
    expect(params.get('filterPaneEnabled')).toBe('true');
    expect(params.get('chromeless')).toBe('0');
  });
});

describe('EmbedViewer: loading and failing', () => {
  it('shows the skeleton until the frame has loaded', () => {
    render(<EmbedViewer url={LOOKER} title="Survey Results" />);
    expect(screen.getByTestId('viewer-loading')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading dashboard...');
    fireEvent.load(frame());
    expect(screen.queryByTestId('viewer-loading')).toBeNull();
    expect(viewer().dataset.status).toBe('loaded');
  });

  it('shows the skeleton until the picture has loaded', () => {
    render(<EmbedViewer url={PICTURE} title="Sales Snapshot" />);
    expect(screen.getByTestId('viewer-loading')).toBeTruthy();
    fireEvent.load(screen.getByTestId('viewer-image'));
    expect(screen.queryByTestId('viewer-loading')).toBeNull();
  });

  it("shows 'Work in Progress' when the picture fails to load", () => {
    render(<EmbedViewer url={PICTURE} title="Sales Snapshot" />);
    fireEvent.error(screen.getByTestId('viewer-image'));
    expect(screen.getByRole('heading', { name: 'Work in Progress' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByTestId('viewer-loading')).toBeNull();
  });

  it("shows 'Work in Progress' when the frame has not loaded in time", () => {
    vi.useFakeTimers();
    render(<EmbedViewer url={POWER_BI} title="Enrollment" loadTimeoutMs={1_000} />);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByTestId('viewer-unavailable')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { name: 'Work in Progress' })).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('keeps a frame that loaded in time', () => {
    vi.useFakeTimers();
    render(<EmbedViewer url={POWER_BI} title="Enrollment" loadTimeoutMs={1_000} />);
    fireEvent.load(frame());
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByTestId('viewer-unavailable')).toBeNull();
    expect(frame()).toBeTruthy();
  });

  it.each([
    ['http', 'http://app.powerbi.com/view?r=abc'],
    ['relative', '/reports/sales'],
    ['javascript:', 'javascript:alert(1)'],
    ['unparsable', 'not a url'],
  ])("shows 'Work in Progress' at once for a %s frame URL, without a frame", (_what, url) => {
    render(<EmbedViewer url={url} title="Legacy" />);
    expect(screen.getByRole('heading', { name: 'Work in Progress' })).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('EmbedViewer: a frame that failed though it fired load', () => {
  const violation = (blockedURI: string, effectiveDirective = 'frame-src') => {
    const event = new Event('securitypolicyviolation');
    Object.assign(event, { blockedURI, effectiveDirective, violatedDirective: effectiveDirective });
    act(() => {
      document.dispatchEvent(event);
    });
  };

  it("shows 'Work in Progress' when the site's policy blocked the frame's host, not for another host", () => {
    render(<EmbedViewer url={LOOKER} title="Survey Results" />);
    fireEvent.load(frame());
    violation('https://elsewhere.example.com/x');
    violation('https://lookerstudio.google.com/x', 'img-src');
    expect(screen.queryByTestId('viewer-unavailable')).toBeNull();
    violation('https://lookerstudio.google.com/embed/reporting/1/page/2');
    expect(screen.getByRole('heading', { name: 'Work in Progress' })).toBeTruthy();
  });

  it("shows 'Work in Progress' when the server says the URL is unreachable, with 'Try again' and 'Open in a new tab'", () => {
    const onRetry = vi.fn();
    const { rerender } = render(<EmbedViewer url={POWER_BI} title="Enrollment" unreachable onRetry={onRetry} />);
    expect(document.querySelector('iframe')).toBeNull();
    const link = screen.getByRole('link', { name: 'Open in a new tab' });
    expect(link.getAttribute('href')).toContain(
      'https://app.powerbi.com/view?r=eyJrIjoiYWJj&navContentPaneEnabled=true',
    );
    expect(link.getAttribute('target')).toBe('_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    rerender(<EmbedViewer url={POWER_BI} title="Enrollment" unreachable={false} onRetry={onRetry} />);
    expect(frame()).toBeTruthy();
  });

  it("offers 'Try again' but no new-tab link for a URL that is not http(s)", () => {
    render(<EmbedViewer url="javascript:alert(1)" title="Legacy" />);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open in a new tab' })).toBeNull();
  });

  it('tells how the view went once it is known, each outcome once, whatever renders follow (D37)', () => {
    const onOutcome = vi.fn();
    const { rerender } = render(<EmbedViewer url={LOOKER} title="Survey Results" checking onOutcome={onOutcome} />);
    // Shown and still loading: nothing yet. Loaded while the server is still asked: nothing yet either.
    expect(onOutcome).not.toHaveBeenCalled();
    fireEvent.load(frame());
    expect(onOutcome).not.toHaveBeenCalled();
    // The server finds it unreachable: a failed load.
    rerender(<EmbedViewer url={LOOKER} title="Survey Results" unreachable onOutcome={onOutcome} />);
    expect(onOutcome.mock.calls).toEqual([[false]]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    rerender(<EmbedViewer url={LOOKER} title="Survey Results" onOutcome={onOutcome} />);
    fireEvent.load(frame());
    fireEvent.click(screen.getByRole('button', { name: 'Reset Pages' }));
    fireEvent.load(frame());
    expect(onOutcome.mock.calls).toEqual([[false], [true]]);
  });

  it('tells nothing for a page left while it loads', () => {
    const onOutcome = vi.fn();
    const { unmount } = render(<EmbedViewer url={LOOKER} title="Survey Results" onOutcome={onOutcome} />);
    unmount();
    expect(onOutcome).not.toHaveBeenCalled();
  });
});

describe('EmbedViewer: Reset Pages', () => {
  it('re-creates the frame from the original URL', () => {
    render(<EmbedViewer url={POWER_BI} title="Enrollment" />);
    const before = frame();
    fireEvent.load(before);
    fireEvent.click(screen.getByRole('button', { name: 'Reset Pages' }));
    const after = frame();
    expect(after).not.toBe(before);
    expect(before.isConnected).toBe(false);
    expect(after.getAttribute('src')).toBe(before.getAttribute('src'));
    // Loading again until the new frame reports 'load'.
    expect(screen.getByTestId('viewer-loading')).toBeTruthy();
    fireEvent.load(after);
    expect(screen.queryByTestId('viewer-loading')).toBeNull();
  });

  it("offers only 'Try again' on 'Work in Progress', no Reset Pages nor Fullscreen, and tries again", () => {
    render(<EmbedViewer url={PICTURE} title="Sales Snapshot" />);
    fireEvent.error(screen.getByTestId('viewer-image'));
    expect(screen.queryByRole('button', { name: 'Reset Pages' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fullscreen' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('img', { name: 'Sales Snapshot' })).toBeTruthy();
    expect(screen.queryByTestId('viewer-unavailable')).toBeNull();
  });
});

describe('EmbedViewer: fullscreen', () => {
  function stubFullscreenApi() {
    let current: Element | null = null;
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => true });
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => current });
    const change = (element: Element | null) => {
      current = element;
      document.dispatchEvent(new Event('fullscreenchange'));
    };
    const request = vi.fn(async function (this: Element) {
      change(this);
    });
    const exit = vi.fn(async () => change(null));
    HTMLElement.prototype.requestFullscreen = request as unknown as HTMLElement['requestFullscreen'];
    document.exitFullscreen = exit;
    return {
      request,
      exit,
      /** The browser leaving fullscreen by itself (Escape). */
      leave: () => act(() => change(null)),
      restore: () => {
        Reflect.deleteProperty(document, 'fullscreenEnabled');
        Reflect.deleteProperty(document, 'fullscreenElement');
        Reflect.deleteProperty(HTMLElement.prototype, 'requestFullscreen');
        Reflect.deleteProperty(document, 'exitFullscreen');
      },
    };
  }

  it('puts the viewer into fullscreen with the Fullscreen API and follows the browser leaving it', async () => {
    const api = stubFullscreenApi();
    try {
      render(<EmbedViewer url={LOOKER} title="Survey Results" />);
      expect(fullscreenButton().textContent).toBe('Fullscreen');

      await act(async () => fireEvent.click(fullscreenButton()));
      expect(api.request).toHaveBeenCalledTimes(1);
      expect(api.request.mock.contexts[0]).toBe(viewer());
      expect(fullscreenButton().textContent).toBe('Exit Fullscreen');
      expect(viewer().dataset.fullscreen).toBe('screen');

      await act(async () => fireEvent.click(fullscreenButton()));
      expect(api.exit).toHaveBeenCalledTimes(1);
      expect(fullscreenButton().textContent).toBe('Fullscreen');

      // Escape: the browser leaves fullscreen and says so with 'fullscreenchange'.
      await act(async () => fireEvent.click(fullscreenButton()));
      expect(fullscreenButton().textContent).toBe('Exit Fullscreen');
      api.leave();
      expect(fullscreenButton().textContent).toBe('Fullscreen');
      expect(viewer().dataset.fullscreen).toBe('off');
    } finally {
      api.restore();
    }
  });

  it('falls back to a full-window mode without the Fullscreen API; Escape leaves it', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => false });
    try {
      render(<EmbedViewer url={LOOKER} title="Survey Results" />);
      await act(async () => fireEvent.click(fullscreenButton()));
      expect(fullscreenButton().textContent).toBe('Exit Fullscreen');
      expect(viewer().dataset.fullscreen).toBe('window');
      expect(viewer().className).toContain('fixed');
      expect(frame().className).toContain('h-full');

      await act(async () => fireEvent.click(fullscreenButton()));
      expect(fullscreenButton().textContent).toBe('Fullscreen');
      expect(viewer().className).not.toContain('fixed');

      await act(async () => fireEvent.click(fullscreenButton()));
      fireEvent.keyDown(document, { key: 'Escape' });
      expect(fullscreenButton().textContent).toBe('Fullscreen');
      expect(viewer().dataset.fullscreen).toBe('off');
    } finally {
      Reflect.deleteProperty(document, 'fullscreenEnabled');
    }
  });
});

// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { quietFrameErrors } from '../../../testing/quiet-frames';
import { SchedulingPopupButton, SchedulingWidget } from './scheduling-widget';

const URL_OK = 'https://calendly.com/lucid-insight/30min';

quietFrameErrors();
cleanUpAfterEachTest();

const post = (origin: string, data: unknown) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, data }));
  });

describe('SchedulingWidget: which URL is embedded', () => {
  it.each([
    ['missing', null],
    ['empty', ''],
    ['http', 'http://calendly.com/lucid-insight/30min'],
    ['a foreign host', 'https://evil.test/lucid-insight/30min'],
    ['placeholder text', 'https://calendly.com/your-account/30min'],
    ['YOUR_ placeholder', 'https://calendly.com/YOUR_NAME/30min'],
  ])('shows the setup panel for a %s URL', (_what, url) => {
    render(<SchedulingWidget schedulingUrl={url} />);
    expect(screen.getByTestId('scheduling-setup')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Scheduling integration ready' })).toBeTruthy();
    expect(screen.getByTestId('scheduling-setup').textContent).toContain('SCHEDULING_URL');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('embeds the service inline: full width, 630 px high, min 320 px, with the embed and prefill parameters', () => {
    render(
      <SchedulingWidget
        schedulingUrl={URL_OK}
        prefill={{ name: 'Ada Lovelace', email: 'ada@example.com', customAnswers: { a1: 'Acme', a2: 'Education' } }}
      />,
    );
    const frame = screen.getByTitle('Schedule a consultation') as HTMLIFrameElement;
    const src = new URL(frame.getAttribute('src') ?? '');
    expect(`${src.origin}${src.pathname}`).toBe(URL_OK);
    expect(src.searchParams.get('embed_type')).toBe('Inline');
    expect(src.searchParams.get('embed_domain')).toBe(window.location.host);
    expect(src.searchParams.get('name')).toBe('Ada Lovelace');
    expect(src.searchParams.get('email')).toBe('ada@example.com');
    expect(src.searchParams.get('a1')).toBe('Acme');
    expect(src.searchParams.get('a2')).toBe('Education');
    const box = screen.getByTestId('scheduling-inline');
    expect(box.style.height).toBe('630px');
    expect(box.className).toContain('min-w-[320px]');
    expect(box.className).toContain('w-full');
  });

  it("shows 'Loading calendar...' until the frame has loaded", () => {
    render(<SchedulingWidget schedulingUrl={URL_OK} />);
    expect(screen.getByText('Loading calendar...')).toBeTruthy();
    fireEvent.load(screen.getByTitle('Schedule a consultation'));
    expect(screen.queryByText('Loading calendar...')).toBeNull();
  });
});

describe('SchedulingWidget: browser messages', () => {
  it('toasts and calls back on event_scheduled from https://calendly.com only', async () => {
    const onEventScheduled = vi.fn();
    const onEventCanceled = vi.fn();
    render(
      <>
        <SchedulingWidget
          schedulingUrl={URL_OK}
          onEventScheduled={onEventScheduled}
          onEventCanceled={onEventCanceled}
        />
        <Toaster />
      </>,
    );

    post('https://evil.test', { event: 'calendly.event_scheduled', payload: {} });
    post('https://calendly.com.evil.test', { event: 'calendly.event_canceled', payload: {} });
    post('https://evil.test', { event: 'calendly.page_height', payload: { height: '2000px' } });
    await new Promise((r) => setTimeout(r, 20));
    expect(onEventScheduled).not.toHaveBeenCalled();
    expect(onEventCanceled).not.toHaveBeenCalled();
    expect(screen.queryByText('Consultation booked!')).toBeNull();
    expect(screen.getByTestId('scheduling-inline').style.height).toBe('630px');

    post('https://calendly.com', { event: 'calendly.event_scheduled', payload: { event: { uri: 'e' } } });
    expect(await screen.findByText('Consultation booked!')).toBeTruthy();
    expect(screen.getByText('Check your email for confirmation details.')).toBeTruthy();
    expect(onEventScheduled).toHaveBeenCalledWith({
      event: 'calendly.event_scheduled',
      payload: { event: { uri: 'e' } },
    });

    post('https://calendly.com', { event: 'calendly.event_canceled', payload: {} });
    expect(onEventCanceled).toHaveBeenCalledTimes(1);
  });

  it('resizes the inline frame on page_height and only logs profile_page_viewed', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    render(<SchedulingWidget schedulingUrl={URL_OK} />);
    post('https://calendly.com', { event: 'calendly.page_height', payload: { height: '1100px' } });
    expect(screen.getByTestId('scheduling-inline').style.height).toBe('1100px');
    post('https://calendly.com', { event: 'calendly.profile_page_viewed', payload: {} });
    expect(info).toHaveBeenCalledTimes(1);
  });

  it('stops listening once unmounted', () => {
    const onEventScheduled = vi.fn();
    const view = render(<SchedulingWidget schedulingUrl={URL_OK} onEventScheduled={onEventScheduled} />);
    view.unmount();
    post('https://calendly.com', { event: 'calendly.event_scheduled', payload: {} });
    expect(onEventScheduled).not.toHaveBeenCalled();
  });
});

describe('SchedulingPopupButton', () => {
  it("opens the frame in an overlay from 'Schedule a Consultation' and closes with the close button", async () => {
    render(<SchedulingWidget schedulingUrl={URL_OK} mode="popup" prefill={{ name: 'Ada Lovelace' }} />);
    expect(document.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Schedule a Consultation' }));

    const frame = (await screen.findByTitle('Schedule a consultation')) as HTMLIFrameElement;
    const src = new URL(frame.getAttribute('src') ?? '');
    expect(src.searchParams.get('embed_type')).toBe('PopupWidget');
    expect(src.searchParams.get('name')).toBe('Ada Lovelace');
    expect(screen.getByTestId('scheduling-popup').closest('body')).toBe(document.body);
    expect(screen.getByText('Loading calendar...')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Close the scheduling popup' }));
    await waitFor(() => expect(document.querySelector('iframe')).toBeNull());
  });

  it('takes its own text', () => {
    render(<SchedulingWidget schedulingUrl={URL_OK} mode="popup" popupText="Pick a time" />);
    expect(screen.getByRole('button', { name: 'Pick a time' })).toBeTruthy();
  });

  it('fails without a root element', () => {
    expect(() => render(<SchedulingPopupButton url={URL_OK} rootElement={null} />)).toThrow(/root element/);
  });
});

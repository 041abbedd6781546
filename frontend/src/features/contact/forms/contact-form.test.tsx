// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import { CONTACT_ERROR_BANNER, CONTACT_SUCCESS_BANNER, ContactForm } from './contact-form';

const jsonResponse = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<(input: string, init: RequestInit) => Promise<Response>>>;

beforeEach(() => {
  fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ContactForm />
      <Toaster />
    </QueryClientProvider>,
  );
});

cleanUpAfterEachTest();

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

function fillValid() {
  type('Your Name', '  Ada Lovelace ');
  type('Your Email', 'ada@example.com');
  type('Subject', 'Dashboards');
  type('Message', 'We would like a PowerBI dashboard.');
}

/** The error text linked to a field by aria-describedby. */
const describedError = (label: string) => {
  const id = field(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('ContactForm', () => {
  it('has the labels and placeholders of the spec and a hidden honeypot', () => {
    expect(field('Your Name').placeholder).toBe('Enter your name');
    expect(field('Your Email').placeholder).toBe('Enter your email');
    expect(field('Subject').placeholder).toBe("What's this about?");
    expect(field('Message').placeholder).toBe('Your message here...');
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.autocomplete).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('shows the schema messages under the fields and sends nothing when invalid', async () => {
    type('Your Name', 'A');
    type('Your Email', 'not-an-email');
    submit();

    await waitFor(() => expect(describedError('Your Name')).toBe('Name must be at least 2 characters'));
    expect(describedError('Your Email')).toBe('Please enter a valid email address');
    expect(describedError('Subject')).toBe('Subject is required');
    expect(describedError('Message')).toBe('Message must be at least 10 characters');
    expect(field('Your Name').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();

    // Once submitted, fixing a field clears its message as the user types.
    type('Your Name', 'Ada');
    await waitFor(() => expect(field('Your Name').hasAttribute('aria-invalid')).toBe(false));
  });

  it('posts the message, shows Sending... while busy, then the green banner, a toast and an empty form', async () => {
    let respond: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (respond = resolve)));
    fillValid();
    submit();

    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);

    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/contact');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Dashboards',
      message: 'We would like a PowerBI dashboard.',
      website: '',
    });

    respond(jsonResponse({ id: 1, message: 'Thanks' }, 201));
    expect((await screen.findByTestId('contact-success')).textContent).toBe(CONTACT_SUCCESS_BANNER);
    expect(screen.getByTestId('contact-success').getAttribute('role')).toBe('status');
    expect(await screen.findByText('Message sent!')).toBeTruthy();
    expect(screen.getByText("We'll get back to you within 24 hours.")).toBeTruthy();
    expect(field('Your Name').value).toBe('');
    expect(field('Message').value).toBe('');
    expect((screen.getByRole('button', { name: 'Send Message' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's validation issues under the matching fields and the red banner", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          message: 'That address cannot receive e-mail',
          issues: [{ path: 'email', message: 'That address cannot receive e-mail' }],
        },
        422,
      ),
    );
    fillValid();
    submit();

    expect((await screen.findByTestId('contact-error')).textContent).toBe(CONTACT_ERROR_BANNER);
    expect(screen.getByTestId('contact-error').getAttribute('role')).toBe('alert');
    await waitFor(() => expect(describedError('Your Email')).toBe('That address cannot receive e-mail'));
    expect(field('Your Name').value).toBe('  Ada Lovelace ');
  });

  it('says when to try again after too many messages (429 with Retry-After), once and without a toast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: 'Too many attempts. Please try again later.', issues: [] }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '300' },
      }),
    );
    fillValid();
    submit();
    expect((await screen.findByTestId('contact-error')).textContent).toBe(
      'You have sent several messages in a short time, so this one was not sent. Please try again in about 5 minutes, or write to us by e-mail.',
    );
    expect(screen.getByTestId('contact-error').getAttribute('role')).toBe('alert');
    expect(document.querySelector('[data-testid="toast"]')).toBeNull();
    // What was typed stays, to send later.
    expect(field('Message').value).not.toBe('');
  });

  it('logs a failure, shows the red banner and the destructive toast', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    fillValid();
    submit();

    expect((await screen.findByTestId('contact-error')).textContent).toBe(CONTACT_ERROR_BANNER);
    expect(screen.getByTestId('contact-error').getAttribute('role')).toBe('alert');
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText("Your message couldn't be sent. Please try again.")).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
    expect(document.querySelector('[data-testid="toast"]')?.getAttribute('data-variant')).toBe('destructive');
  });
});

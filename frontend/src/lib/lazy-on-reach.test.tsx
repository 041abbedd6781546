// @vitest-environment happy-dom
import { act, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEachTest } from '../testing/clean-up';
import { lazyOnReach, OnReach } from './lazy-on-reach';

cleanUpAfterEachTest();

/** A form whose field is controlled, as the app's forms are; what it holds is in the button's title. */
function Part() {
  const [value, setValue] = useState('');
  return (
    <form aria-label="Part" onSubmit={(event) => event.preventDefault()}>
      <input aria-label="Field" value={value} onChange={(event) => setValue(event.target.value)} />
      <button type="submit" title={value}>
        Send
      </button>
    </form>
  );
}

/** The part's server HTML, as the prerendered page has it: React's markers around a completed boundary. */
const SERVER_HTML =
  '<div class="contents"><!--$--><form aria-label="Part"><input aria-label="Field" value=""/><button type="submit" title="">Send</button></form><!--/$--></div>';

/** The part's server HTML in the page, hydrated as a prerendered page is; `done` unmounts and removes it. */
async function hydrated(part: ReturnType<typeof lazyOnReach>, fallback: ReactNode) {
  const container = document.createElement('div');
  container.innerHTML = SERVER_HTML;
  document.body.append(container);
  const root = await act(async () => hydrateRoot(container, <OnReach part={part} fallback={fallback} />));
  const done = () => {
    act(() => root.unmount());
    container.remove();
  };
  return { container, done };
}

describe('lazyOnReach', () => {
  it('renders the fallback, then the part, where the page has no server HTML (its code is fetched at once)', async () => {
    const load = vi.fn(async () => Part);
    const part = lazyOnReach(load);
    render(<OnReach part={part} fallback={<p>Loading the part...</p>} />);
    expect(screen.getByText('Loading the part...')).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Part' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the server HTML without fetching the code until a focus or pointer reaches the part', async () => {
    const load = vi.fn(async () => Part);
    const part = lazyOnReach(load);
    const { container, done } = await hydrated(part, <p>Loading the part...</p>);
    // A pointer elsewhere on the page is not a reach for the part.
    document.body.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector('form')).toBeTruthy();
    expect(container.textContent).not.toContain('Loading');

    // The visitor focuses the field and types before the code has come.
    const input = container.querySelector('input') as HTMLInputElement;
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    input.value = 'Hello';
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // Hydrated: the text is still there, and in the form's state.
    await waitFor(() => expect(container.querySelector('button')?.title).toBe('Hello'));
    expect(input.value).toBe('Hello');
    done();
  });

  it('holds a submit made before the code came, so the browser does not submit the form itself', async () => {
    const part = lazyOnReach(async () => Part);
    const { container, done } = await hydrated(part, null);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    container.querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    done();
  });
});

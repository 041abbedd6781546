import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';

/**
 * The tests' view of a sign-in page (/login, /client/login): open it at `path` (once its h1 `heading` shows), read
 * and type into a field by its label, and press the submit button `submitLabel`.
 */
export function signInPage({ path, heading, submitLabel }: { path: string; heading: string; submitLabel: string }) {
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  return {
    field,
    type: (label: string, value: string) => fireEvent.change(field(label), { target: { value } }),
    submit: () => fireEvent.click(screen.getByRole('button', { name: submitLabel })),
    open: async (at = path) => {
      const app = renderApp(at);
      await screen.findByRole('heading', { level: 1, name: heading });
      return app;
    },
  };
}

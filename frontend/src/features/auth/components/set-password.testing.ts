import { fireEvent, screen } from '@testing-library/react';

/** The labels of a set-password page's form (/register, /reset-password with a token). */
export interface SetPasswordLabels {
  password: string;
  confirm: string;
  submit: string;
}

/** Types `password` in both fields of a set-password page and presses its submit. */
export function choosePassword(labels: SetPasswordLabels, password: string) {
  for (const label of [labels.password, labels.confirm])
    fireEvent.change(screen.getByLabelText(label), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: labels.submit }));
}

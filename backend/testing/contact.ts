import type { ContactMessageInput } from '@app/contracts';

/** A contact message the API accepts (Ada Lovelace asking for a dashboard), with what a test changes in it. */
export const contactMessage = (overrides: Partial<ContactMessageInput> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Enrollment dashboard',
  message: 'We would like a dashboard of our enrollment numbers.',
  ...overrides,
});

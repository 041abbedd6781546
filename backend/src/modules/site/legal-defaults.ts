import { COMPANY_NAME, type SitePageKey, TOKEN_LIFETIMES } from '@app/contracts/server';

/** The legal pages' titles, as the footer names them. */
export const SITE_PAGE_TITLES: Record<SitePageKey, string> = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Use',
  cookies: 'Cookie Policy',
};

export const SITE_PAGE_DESCRIPTIONS: Record<SitePageKey, string> = {
  privacy: `What ${COMPANY_NAME} stores about you, for how long, and how to have it deleted.`,
  terms: `The terms of using the ${COMPANY_NAME} website and client portal.`,
  cookies: `The cookies the ${COMPANY_NAME} website really sets: two, for signing in, and no tracking.`,
};

const sessionDays = TOKEN_LIFETIMES.sessionMs / 86_400_000;

/**
 * The texts the legal pages show until an administrator writes their own: what the product really stores (read from
 * its tables: contact_messages, bookings, users, sessions, dashboard_views, audit_log, sign_in_events,
 * email_deliveries), how long (nothing is deleted on a schedule, so: until you ask), and how to ask.
 */
export function defaultSitePage(key: SitePageKey, companyEmail: string): string {
  const mail = `[${companyEmail}](mailto:${companyEmail})`;
  switch (key) {
    case 'privacy':
      return `${COMPANY_NAME} builds Power BI and Looker Studio dashboards. This page says exactly what this website and its client portal store about you, why, for how long, and how to have it deleted.

## What we store

**When you send a message through the contact form:** your name, e-mail address, the subject and the message, the time, the internet (IP) address it came from and your browser's name (its user agent). We use the address to answer you; the IP address lets us limit how many messages one address may send (five in ten minutes), which keeps the form free of floods.

**When you book a consultation:** your name, e-mail address, business name and line of work if you give them, the time you chose and your time zone, the address the booking came from, and the booking's history (when it was moved or cancelled, and by whom). We use them to hold the meeting, send the invitation and reminders, and put it in our calendar.

**When you have an account (clients and our staff):** your name, e-mail address and a password hash (Argon2id: we never store or see your password itself), the organizations you belong to, and when you last signed in. For every signed-in session we keep when it began and ends, the internet address and the browser it was started from; a session lasts at most ${sessionDays} days. We record each sign-in attempt (success or failure, the address given, the internet address and browser), so that we can spot someone trying to get into your account.

**When you view a dashboard in the portal:** which dashboard you viewed and when, so that your dashboards are listed most recently viewed first and we know which ones are in use.

**When our administrators change something:** an audit entry of who changed what and when; it can name you when the change was about your account.

**E-mails we send you** (replies to bookings, invitations, password resets, reminders): a delivery record with your address, the kind of e-mail, whether it was accepted by the mail server, and when.

We store no payment details, and we use no analytics or advertising services: nothing about you is sent to anyone else. E-mail is delivered through our mail provider, and the consultation is placed in our own calendar.

## How long we keep it

Nothing above is deleted on a schedule: we keep it **until you ask us to delete it**, or until we no longer need it for the reason it was collected. A session record is deleted when you sign out. The counters that limit how often a form may be sent or a sign-in tried (by internet address, and for sign-in by the address typed) expire on their own within an hour.

## Seeing and deleting your data

Write to ${mail} from the address the data is about. We will send you, within 30 days, everything stored about that address (as a file you can read), or delete it: contact messages, bookings, your account and its sessions and dashboard views are removed; audit and sign-in records keep only an anonymous marker. An upcoming consultation is cancelled first, so that you are told and our calendar is freed. Copies in database backups made before that are gone when those backups are deleted; they are only ever used to restore the site after a failure.

You may also ask us to correct anything that is wrong, and you may complain to your data-protection authority.

## Who we are

${COMPANY_NAME}, reachable at ${mail}.
`;
    case 'terms':
      return `These terms apply to the ${COMPANY_NAME} website and its client portal.

## The website

You may read and share the website's pages. The case studies describe real work with our clients' permission; their pictures and words stay theirs.

## The client portal

Accounts are given by invitation to our clients' staff. Keep your password to yourself; you are responsible for what is done with your account. The dashboards in the portal show your organization's data and are for your organization's use. We may suspend an account that is misused, and we end access when a client's engagement ends.

## Consultations

A booked consultation is free and without obligation. You can move or cancel it with the links in its e-mails.

## Our responsibility

We take care that the website and portal are available and correct, but we cannot promise that they are never interrupted. Decisions you make from a dashboard are yours; the agreement we sign with each client governs the work we do for them.

## Your data

How we handle personal data is set out in our [Privacy Policy](/privacy).

## Contact

Questions about these terms: ${mail}.
`;
    case 'cookies':
      return `This website sets **no tracking, analytics or advertising cookies**, and no other site sets cookies through it. That is why it does not ask for your consent with a banner: the only cookies it uses are strictly necessary for signing in.

## The cookies we set

| Cookie | What it is for | How long |
|---|---|---|
| \`session\` | Keeps you signed in to the client portal or the admin screen. It holds a random token (we store only its hash); it cannot be read by the page's scripts (HttpOnly) and is sent only to this site. | Until you sign out, at most ${sessionDays} days |
| \`signed_in\` | Tells the page that you may be signed in, so that visitors who are not are never asked who they are. It holds only the value \`1\`. | As long as the session |

Both are set only when you sign in. A visitor who never signs in gets no cookie at all.

## Stored in your browser, not cookies

- **theme** (local storage): whether you chose the light, dark or system look. It never leaves your browser.
- A short note (session storage) that lets a message such as "Saved" survive a page change, and, in the portal, which organization you last chose for a dashboard. Both are gone when you close the tab.

## Dashboards from other services

A dashboard shown in the portal comes from its service (Power BI, Looker Studio, Tableau or Metabase) inside a frame; that service may set its own cookies under its own policy when you open it. The booking page may show our scheduling service's widget, which does the same.

Questions: ${mail}.
`;
  }
}

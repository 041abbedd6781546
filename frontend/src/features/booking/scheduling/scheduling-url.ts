/** The scheduling service's embed (D17): which URLs are accepted and the URL the frame loads. */

/** The origin whose browser messages are listened to (and the service's own host). */
export const SCHEDULING_ORIGIN = 'https://calendly.com';

/** Text that shows a URL was copied from an example and never set to the company's own account. */
const PLACEHOLDER_PATTERNS = [/your[-_]?account/i, /YOUR_/, /example/i, /[<>]/, /placeholder/i, /%3C|%3E/i];

export type SchedulingUrlCheck =
  | { ok: true; url: string }
  | { ok: false; reason: 'missing' | 'invalid' | 'not-https' | 'foreign-host' | 'placeholder' };

const isServiceHost = (host: string) => host === 'calendly.com' || host.endsWith('.calendly.com');

/**
 * Whether a configured scheduling URL can be embedded: an https URL of the scheduling service (calendly.com or a
 * subdomain), without placeholder account text. Anything else shows the setup instructions instead.
 */
export function checkSchedulingUrl(value: string | null | undefined): SchedulingUrlCheck {
  const raw = value?.trim() ?? '';
  if (raw === '') return { ok: false, reason: 'missing' };
  if (PLACEHOLDER_PATTERNS.some((pattern) => pattern.test(raw))) return { ok: false, reason: 'placeholder' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'not-https' };
  if (url.username || url.password || url.port || !isServiceHost(url.hostname.toLowerCase()))
    return { ok: false, reason: 'foreign-host' };
  // A bare host has no event page to show.
  if (url.pathname === '/' || url.pathname === '') return { ok: false, reason: 'placeholder' };
  return { ok: true, url: url.toString() };
}

export type SchedulingEmbedType = 'Inline' | 'PopupWidget';

/** What the visitor already told us; customAnswers a1 and a2 are the only answers passed (spec section 3). */
export interface SchedulingPrefill {
  name?: string | undefined;
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  guests?: readonly string[] | undefined;
  location?: string | undefined;
  smsReminderNumber?: string | undefined;
  /** yyyy-MM-dd: the day the calendar opens on (and its month). */
  date?: string | undefined;
  customAnswers?: { a1?: string | undefined; a2?: string | undefined } | undefined;
}

/** The service's page colours and options; colours as hex with or without '#'. */
export interface SchedulingPageSettings {
  backgroundColor?: string | undefined;
  textColor?: string | undefined;
  primaryColor?: string | undefined;
  hideEventTypeDetails?: boolean | undefined;
  hideLandingPageDetails?: boolean | undefined;
  hideGdprBanner?: boolean | undefined;
}

export interface SchedulingUtm {
  utmCampaign?: string | undefined;
  utmContent?: string | undefined;
  utmMedium?: string | undefined;
  utmSource?: string | undefined;
  utmTerm?: string | undefined;
}

export interface SchedulingUrlOptions {
  prefill?: SchedulingPrefill | undefined;
  pageSettings?: SchedulingPageSettings | undefined;
  utm?: SchedulingUtm | undefined;
  embedType: SchedulingEmbedType;
  /** The host of the page embedding the frame (`location.host`): the service posts its messages to it. */
  embedDomain: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const HEX_COLOUR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

const colour = (value: string | undefined) => {
  const match = value ? HEX_COLOUR.exec(value.trim()) : null;
  return match?.[1]?.toLowerCase();
};

/**
 * The URL the frame loads: the configured URL (its own query kept) plus the embed parameters, the prefill, the page
 * settings and the utm values. Empty values are left out; a value of the configured URL is replaced by ours.
 */
export function buildSchedulingUrl(base: string, options: SchedulingUrlOptions): string {
  const url = new URL(base);
  const params = url.searchParams;
  const set = (key: string, value: string | undefined) => {
    const text = value?.trim();
    if (text) params.set(key, text);
  };
  const flag = (key: string, on: boolean | undefined) => {
    if (on) params.set(key, '1');
  };

  const { prefill = {}, pageSettings = {}, utm = {} } = options;

  set('background_color', colour(pageSettings.backgroundColor));
  set('text_color', colour(pageSettings.textColor));
  set('primary_color', colour(pageSettings.primaryColor));
  flag('hide_event_type_details', pageSettings.hideEventTypeDetails);
  flag('hide_landing_page_details', pageSettings.hideLandingPageDetails);
  flag('hide_gdpr_banner', pageSettings.hideGdprBanner);

  set('name', prefill.name);
  set('email', prefill.email);
  set('first_name', prefill.firstName);
  set('last_name', prefill.lastName);
  const guests = (prefill.guests ?? []).map((g) => g.trim()).filter(Boolean);
  if (guests.length > 0) params.set('guests', guests.join(','));
  set('location', prefill.location);
  set('phone_number', prefill.smsReminderNumber);
  if (prefill.date && ISO_DATE.test(prefill.date)) {
    params.set('month', prefill.date.slice(0, 7));
    params.set('date', prefill.date);
  }
  set('a1', prefill.customAnswers?.a1);
  set('a2', prefill.customAnswers?.a2);

  set('utm_campaign', utm.utmCampaign);
  set('utm_content', utm.utmContent);
  set('utm_medium', utm.utmMedium);
  set('utm_source', utm.utmSource);
  set('utm_term', utm.utmTerm);

  params.set('embed_domain', options.embedDomain);
  params.set('embed_type', options.embedType);
  return url.toString();
}

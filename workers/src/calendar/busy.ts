import { zonedTimeToUtc } from '@app/contracts';
import ICAL from 'ical.js';
import type { BusyInterval } from '../repositories/bookings.repository';

/**
 * How many occurrences of one recurring event are walked through at most, from its first: a daily meeting set up 20
 * years ago is about 7,300, so its occurrences in the coming weeks are still reached.
 */
const MAX_ITERATIONS = 100_000;
/** An occurrence starting this long before the window is not looked at closely (events are shorter than this). */
const LOOK_BACK_MS = 31 * 24 * 3600_000;

const isIanaZone = (name: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

/**
 * An ICAL.Time as an instant: UTC and the zones the file defines (VTIMEZONE) are converted by ical.js; dates
 * (all-day events) and floating times are wall-clock time in `wallZone` (the TZID when the file lacks its
 * VTIMEZONE but it is an IANA name, else the company's zone).
 */
function toInstant(time: ICAL.Time, wallZone: string): Date {
  const zone = time.zone;
  if (!time.isDate && zone && zone !== ICAL.Timezone.localTimezone && zone.tzid !== 'floating')
    return new Date(time.toUnixTime() * 1000);
  const date = `${time.year}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
  return zonedTimeToUtc(date, time.hour, time.minute, wallZone, time.second);
}

/** A time's wall-clock reading as if it were UTC: within 14 hours of its instant, whatever its zone. */
const wallClock = (time: ICAL.Time) =>
  Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);

const isFree = (component: ICAL.Component) =>
  String(component.getFirstPropertyValue('transp') ?? '').toUpperCase() === 'TRANSPARENT' ||
  String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';

export interface BusyOptions {
  from: Date;
  to: Date;
  /** UIDs to leave out: the events of our own bookings. */
  skipUids: ReadonlySet<string>;
  /** The company's zone, for all-day and floating events. */
  timeZone: string;
  /** Told of each object that cannot be read (it is left out). */
  onUnreadable?: (error: unknown) => void;
}

/**
 * The busy intervals of calendar objects within [from, to): recurring events expanded with ical.js (their
 * exceptions applied), free (TRANSP:TRANSPARENT) and cancelled events left out. An object ical.js cannot read is
 * passed to `onUnreadable` and left out: one broken event must not stop every other from blocking its time.
 */
export function busyIntervals(icsTexts: string[], options: BusyOptions): BusyInterval[] {
  const intervals: BusyInterval[] = [];
  for (const text of icsTexts) {
    try {
      intervals.push(...objectIntervals(text, options));
    } catch (error) {
      options.onUnreadable?.(error);
    }
  }
  return intervals.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** The busy intervals of one calendar object (one UID, with its overrides). */
function objectIntervals(text: string, options: BusyOptions): BusyInterval[] {
  const from = options.from.getTime();
  const to = options.to.getTime();
  const intervals: BusyInterval[] = [];
  const add = (uid: string, start: Date, end: Date) => {
    const s = Math.max(start.getTime(), from);
    const e = Math.min(end.getTime(), to);
    if (e > s) intervals.push({ startsAt: new Date(s), endsAt: new Date(e), uid });
  };

  const calendar = new ICAL.Component(ICAL.parse(text));
  const byUid = new Map<string, ICAL.Component[]>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
    byUid.set(uid, [...(byUid.get(uid) ?? []), vevent]);
  }
  for (const [uid, components] of byUid) {
    if (options.skipUids.has(uid)) continue;
    const master = components.find((c) => !c.hasProperty('recurrence-id')) ?? components[0];
    if (!master) continue;
    const event = new ICAL.Event(master);
    for (const exception of components) if (exception !== master) event.relateException(exception);
    const tzid = master.getFirstProperty('dtstart')?.getParameter('tzid');
    const wallZone = typeof tzid === 'string' && isIanaZone(tzid) ? tzid : options.timeZone;

    const occurrence = (start: ICAL.Time, end: ICAL.Time, component: ICAL.Component) => {
      if (isFree(component)) return;
      const startsAt = toInstant(start, start.isDate ? options.timeZone : wallZone);
      let endsAt = toInstant(end, end.isDate ? options.timeZone : wallZone);
      if (endsAt <= startsAt && start.isDate) endsAt = new Date(startsAt.getTime() + 24 * 3600_000);
      add(uid, startsAt, endsAt);
    };

    if (!event.isRecurring()) {
      occurrence(event.startDate, event.endDate, master);
      continue;
    }
    // Overrides (RECURRENCE-ID) by the instant of the occurrence they replace: one may move an occurrence from
    // beyond the window into it, so those are looked at even when the walk stops at the window's end.
    const overrides = new Map<number, ICAL.Component>();
    const overriddenWallClocks = new Set<number>();
    for (const component of components) {
      const recurrenceId = component.getFirstPropertyValue('recurrence-id');
      if (component === master || !(recurrenceId instanceof ICAL.Time)) continue;
      overrides.set(toInstant(recurrenceId, wallZone).getTime(), component);
      overriddenWallClocks.add(wallClock(recurrenceId));
    }
    const iterator = event.iterator();
    for (let i = 0, next = iterator.next(); next && i < MAX_ITERATIONS; i++, next = iterator.next()) {
      // Long before the window: passed over on its wall-clock time alone (converting each is slow).
      if (wallClock(next) < from - LOOK_BACK_MS && !overriddenWallClocks.has(wallClock(next))) continue;
      const at = toInstant(next, next.isDate ? options.timeZone : wallZone).getTime();
      if (at >= to) break;
      overrides.delete(at);
      const details = event.getOccurrenceDetails(next);
      occurrence(details.startDate, details.endDate, details.item.component);
    }
    // Occurrences from beyond the window moved into it.
    for (const override of overrides.values()) {
      const moved = new ICAL.Event(override);
      if (toInstant(moved.startDate, wallZone).getTime() < to) occurrence(moved.startDate, moved.endDate, override);
    }
  }
  return intervals;
}

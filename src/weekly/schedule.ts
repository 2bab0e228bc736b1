/**
 * When a weekly night happens and when the runner acts on it — pure: every function takes `now` (epoch ms).
 * Occurrences come from croner (a `MM HH * * DOW` pattern evaluated in the night's time zone, so 20:00 stays
 * 20:00 local across daylight-saving changes); local calendar arithmetic uses luxon.
 */
import { Cron } from 'croner';
import { DateTime } from 'luxon';
import { WEEKDAYS, type Occurrence, type Phase, type Weekday, type WeeklyConfig } from './types.ts';

const HOUR_MS = 3_600_000;

/** The second reminder goes out this long before the start; a night set up (or resumed) closer than this starts the week after. */
export const REMIND_1H_MS = HOUR_MS;
/** A start missed by more than this (the bot was down) is skipped with a log line instead of seating tables late. */
export const START_GRACE_MS = 30 * 60_000;
/** How often a night whose tables are still being played is checked for tables closed without a result. */
export const NIGHT_CHECK_MS = 60_000;

/** The parts of a config that fix when its nights happen. */
export type When = Pick<WeeklyConfig, 'day' | 'time' | 'timeZone'>;

/** `HH:MM` or `H:MM`, 24-hour (00:00 … 23:59), as hour and minute; null for anything else ("25:00", "7pm", ""). */
export function parseTime(text: string): { hour: number; minute: number } | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}

/** A time of day as stored and shown: `HH:MM` (" 8:00 " → "08:00"); null when `parseTime` refuses it. */
export function normalTime(text: string): string | null {
  const t = parseTime(text);
  return t ? `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}` : null;
}

/**
 * The canonical IANA name of a region time zone ("europe/berlin" → "Europe/Berlin", "US/Eastern" →
 * "America/New_York"), "UTC" for UTC; null for an unknown name and for legacy abbreviations and fixed offsets
 * ("EST", "CET", "EST5EDT", "Etc/GMT+5"), which do not follow a region's daylight-saving rules.
 */
export function canonicalTimeZone(text: string): string | null {
  const name = text.trim();
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (resolved === 'UTC' || resolved === 'Etc/UTC') return 'UTC';
  return name.includes('/') && !/^etc\//i.test(name) ? resolved : null;
}

/** Whether `text` is one of `WEEKDAYS` (lower case English). */
export const isWeekday = (text: string): text is Weekday => (WEEKDAYS as readonly string[]).includes(text);

/** The croner pattern of a weekly start, e.g. Saturday 20:00 → `0 20 * * 6` (croner's weekdays: 0 = Sunday). Throws on a bad time. */
export function cronPattern(day: Weekday, time: string): string {
  const t = parseTime(time);
  if (!t) throw new Error(`not a time: ${time}`);
  return `${t.minute} ${t.hour} * * ${(WEEKDAYS.indexOf(day) + 1) % 7}`;
}

/** The local date (`yyyy-MM-dd`) of an instant in `timeZone`: the id of the occurrence starting then. */
export const occurrenceId = (startsAt: number, timeZone: string): string => DateTime.fromMillis(startsAt, { zone: timeZone }).toISODate() as string;

/** The first start strictly after `after`. */
export function nextOccurrence(when: When, after: number): Occurrence {
  const next = new Cron(cronPattern(when.day, when.time), { timezone: when.timeZone, paused: true }).nextRun(new Date(after));
  if (!next) throw new Error(`no next run of ${when.day} ${when.time} ${when.timeZone}`);
  const startsAt = next.getTime();
  return { id: occurrenceId(startsAt, when.timeZone), startsAt };
}

/** The first occurrence of a night set up (or resumed) at `now`: the first start more than an hour away, so both reminders can go out… or at least the second. */
export const firstOccurrence = (when: When, now: number): Occurrence => nextOccurrence(when, now + REMIND_1H_MS);

/**
 * When each phase of an occurrence is due: the first reminder a day before (same local time the day before, so
 * across a daylight-saving change it is 23 or 25 hours before), the second an hour before, then the start.
 */
export function phaseTimes(occ: Occurrence, timeZone: string): Record<Phase, number> {
  return {
    remind24h: DateTime.fromMillis(occ.startsAt, { zone: timeZone }).minus({ days: 1 }).toMillis(),
    remind1h: occ.startsAt - REMIND_1H_MS,
    start: occ.startsAt,
  };
}

/**
 * The phase of `config.next` to run at `now`, or null: nothing while paused; the start once it is due (the caller
 * skips it if later than `START_GRACE_MS`); before it, the latest reminder that is due — a reminder missed while
 * the bot was down still goes out before the start, but only the later one if both were missed, and never one
 * due before the night was set up or resumed (`since`).
 */
export function duePhase(config: Pick<WeeklyConfig, 'paused' | 'next' | 'since' | 'timeZone'>, now: number): Phase | null {
  if (config.paused) return null;
  const t = phaseTimes(config.next, config.timeZone);
  if (now >= t.start) return 'start';
  if (now >= t.remind1h && t.remind1h >= config.since) return 'remind1h';
  if (now >= t.remind24h && t.remind24h >= config.since) return 'remind24h';
  return null;
}

/**
 * When the runner should next look at the guild (epoch ms), or null for never (paused with nothing in play):
 * the next phase time after `now`, at once when the start is due, and every `NIGHT_CHECK_MS` while a night's
 * tables are being played.
 */
export function wakeAt(config: Pick<WeeklyConfig, 'paused' | 'next' | 'since' | 'timeZone' | 'active'>, now: number): number | null {
  const times: number[] = [];
  if (!config.paused) {
    const t = phaseTimes(config.next, config.timeZone);
    times.push(now >= t.start ? now : Math.min(...Object.values(t).filter((at) => at > now)));
  }
  if (config.active.length) times.push(now + NIGHT_CHECK_MS);
  return times.length ? Math.min(...times) : null;
}

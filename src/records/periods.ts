/**
 * Scoreboard periods in a guild's time zone (luxon does the calendar and the time-zone arithmetic):
 * weeks are ISO weeks (Monday 00:00 to Sunday 24:00 local), months calendar months, seasons calendar quarters.
 */
import { DateTime, IANAZone } from 'luxon';
import type { Locale } from '../i18n/index.ts';
import type { Period, PeriodIds } from './types.ts';

/** The time zone used when a guild has not chosen one. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** True for an IANA time zone name luxon (and so Intl) knows, e.g. `Europe/Berlin`; false for `Mars/Olympus` or `+2`. */
export function isTimeZone(name: string): boolean {
  return IANAZone.isValidZone(name);
}

/** The period ids of the instant `at` (epoch ms) in `timeZone`, e.g. `{ week: '2026-W49', month: '2026-11', season: '2026-Q4', all: 'all' }`. */
export function periodIds(at: number, timeZone: string): PeriodIds {
  const t = DateTime.fromMillis(at, { zone: timeZone });
  return {
    week: `${t.weekYear}-W${String(t.weekNumber).padStart(2, '0')}`,
    month: t.toFormat('yyyy-MM'),
    season: `${t.year}-Q${t.quarter}`,
    all: 'all',
  };
}

/** The id of the period of kind `period` that contains `at`. */
export function periodIdAt(period: Period, at: number, timeZone: string): string {
  return periodIds(at, timeZone)[period];
}

/** When a period starts, in epoch ms (`all` starts at 0). Throws on an id that is not a period id. */
export function periodStart(periodId: string, timeZone: string): number {
  if (periodId === 'all') return 0;
  const week = /^(\d{4})-W(\d{2})$/.exec(periodId);
  const month = /^(\d{4})-(\d{2})$/.exec(periodId);
  const season = /^(\d{4})-Q([1-4])$/.exec(periodId);
  const t = week
    ? DateTime.fromObject({ weekYear: Number(week[1]), weekNumber: Number(week[2]), weekday: 1 }, { zone: timeZone })
    : month
      ? DateTime.fromObject({ year: Number(month[1]), month: Number(month[2]), day: 1 }, { zone: timeZone })
      : season
        ? DateTime.fromObject({ year: Number(season[1]), month: 3 * Number(season[2]) - 2, day: 1 }, { zone: timeZone })
        : null;
  if (!t?.isValid) throw new Error(`not a period id: ${periodId}`);
  return t.toMillis();
}

/** The time of day on the 24-hour clock: "20:00". */
export const clock = (loc: Locale, at: number, timeZone: string): string =>
  loc.date(at, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The parts of an instant in `timeZone` as the language names them (`Intl`), for the date patterns of src/i18n. */
export interface DateParts {
  /** "Saturday" / "Samstag". */
  weekday: string;
  /** Day of the month: "5". */
  day: string;
  /** "Dec" / "Dez.", as written after a day. */
  month: string;
  /** "December" / "Dezember". */
  monthLong: string;
  year: string;
  /** "20:00" on the 24-hour clock. */
  time: string;
}

/** `at` (epoch ms) in `timeZone` taken apart in the reader's language (see `DateParts`). */
export function dateParts(loc: Locale, at: number, timeZone: string): DateParts {
  const part = (options: Intl.DateTimeFormatOptions, type: Intl.DateTimeFormatPartTypes): string =>
    new Intl.DateTimeFormat(loc.tag, { ...options, timeZone })
      .formatToParts(at)
      .find((p) => p.type === type)
      ?.value.trim() ?? '';
  return {
    weekday: loc.date(at, timeZone, { weekday: 'long' }),
    day: part({ day: 'numeric', month: 'short', year: 'numeric' }, 'day'),
    month: part({ day: 'numeric', month: 'short', year: 'numeric' }, 'month'),
    monthLong: part({ day: 'numeric', month: 'long', year: 'numeric' }, 'month'),
    year: part({ day: 'numeric', month: 'short', year: 'numeric' }, 'year'),
    time: clock(loc, at, timeZone),
  };
}

/**
 * A readable name of a period id in `loc`'s language: "week of 30 Nov 2026", "November 2026", "Q4 2026 season",
 * "all time" (German "Woche ab 30. Nov. 2026", "November 2026", "Saison Q4 2026", "seit Beginn").
 */
export function periodLabel(loc: Locale, periodId: string, timeZone: string): string {
  if (periodId === 'all') return loc.t('records:period.all');
  const at = periodStart(periodId, timeZone);
  const start = DateTime.fromMillis(at, { zone: timeZone });
  if (periodId.includes('-W')) return loc.t('records:period.week', { date: loc.t('records:date.short', { ...dateParts(loc, at, timeZone) }) });
  if (periodId.includes('-Q')) return loc.t('records:period.season', { quarter: start.quarter, year: start.year });
  return loc.date(at, timeZone, { month: 'long', year: 'numeric' });
}

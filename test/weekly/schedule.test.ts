/**
 * The weekly night's calendar (src/weekly/schedule.ts): occurrences in the night's time zone across the end of
 * daylight saving time (Europe/Berlin, Sunday 25 October 2026, 03:00 CEST → 02:00 CET), reminder times, which
 * phase is due, when the runner looks again; and the set-up's validation of time, weekday and time zone.
 */
import { describe, expect, it } from 'vitest';
import { decodeId, encodeId } from '../../src/discord/customId.ts';
import { Refusal } from '../../src/refusal.ts';
import { WeeklyNights, type WeeklyDeps } from '../../src/weekly/night.ts';
import {
  canonicalTimeZone,
  cronPattern,
  duePhase,
  firstOccurrence,
  isWeekday,
  NIGHT_CHECK_MS,
  nextOccurrence,
  normalTime,
  parseTime,
  phaseTimes,
  wakeAt,
} from '../../src/weekly/schedule.ts';
import type { WeeklyConfig } from '../../src/weekly/types.ts';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;
const saturday = { day: 'saturday', time: '20:00', timeZone: 'Europe/Berlin' } as const;
const sunday = { day: 'sunday', time: '20:00', timeZone: 'Europe/Berlin' } as const;

/** A config whose next night is `next` (set up at `since`). */
function configAt(next: { id: string; startsAt: number }, since: number, extra: Partial<WeeklyConfig> = {}): WeeklyConfig {
  return {
    guildId: 'g1',
    game: 'reunion',
    ...saturday,
    channelId: 'c1',
    roleId: null,
    paused: false,
    since,
    next: { ...next, eventId: null },
    active: [],
    setBy: 'u1',
    ...extra,
  };
}

describe('time and weekday', () => {
  it.each(['20:00', '7:05', '00:00', '23:59', ' 19:30 '])('accepts %j', (text) => {
    expect(parseTime(text)).not.toBeNull();
  });
  it('reads hour and minute', () => {
    expect(parseTime('7:05')).toEqual({ hour: 7, minute: 5 });
    expect(parseTime('23:59')).toEqual({ hour: 23, minute: 59 });
  });
  it.each(['25:00', '24:00', '20:60', '7pm', '', '2000', '20:0', '20-00', '-1:00'])('refuses %j', (text) => {
    expect(parseTime(text)).toBeNull();
  });
  it('knows the weekdays in lower case', () => {
    expect(isWeekday('saturday')).toBe(true);
    expect(isWeekday('Saturday')).toBe(false);
    expect(isWeekday('someday')).toBe(false);
  });
  it('builds croner patterns with Sunday as 0', () => {
    expect(cronPattern('saturday', '20:00')).toBe('0 20 * * 6');
    expect(cronPattern('sunday', '7:05')).toBe('5 7 * * 0');
    expect(cronPattern('monday', '00:30')).toBe('30 0 * * 1');
    expect(() => cronPattern('monday', '7pm')).toThrow();
  });
});

describe('occurrences across the end of daylight saving time (Europe/Berlin)', () => {
  it('keeps 20:00 local: 18:00 UTC in summer time, 19:00 UTC after the change', () => {
    const before = nextOccurrence(saturday, at('2026-10-20T00:00:00Z'));
    expect(before).toEqual({ id: '2026-10-24', startsAt: at('2026-10-24T18:00:00Z') });
    const after = nextOccurrence(saturday, before.startsAt);
    expect(after).toEqual({ id: '2026-10-31', startsAt: at('2026-10-31T19:00:00Z') });
    expect(after.startsAt - before.startsAt).toBe(7 * 24 * HOUR + HOUR);
  });

  it('takes the first start strictly after the given instant', () => {
    expect(nextOccurrence(saturday, at('2026-10-24T17:59:59Z')).id).toBe('2026-10-24');
    expect(nextOccurrence(saturday, at('2026-10-24T18:00:00Z')).id).toBe('2026-10-31');
  });

  it('names an occurrence by its local date, also when that is another UTC date', () => {
    const late = nextOccurrence({ day: 'saturday', time: '00:30', timeZone: 'Europe/Berlin' }, at('2026-10-20T00:00:00Z'));
    expect(late).toEqual({ id: '2026-10-24', startsAt: at('2026-10-23T22:30:00Z') });
  });

  it('sends the first reminder at the same local time the day before (25 hours across the change), the second an hour before', () => {
    const night = nextOccurrence(sunday, at('2026-10-20T00:00:00Z'));
    expect(night).toEqual({ id: '2026-10-25', startsAt: at('2026-10-25T19:00:00Z') });
    expect(phaseTimes(night, sunday.timeZone)).toEqual({
      remind24h: at('2026-10-24T18:00:00Z'),
      remind1h: at('2026-10-25T18:00:00Z'),
      start: at('2026-10-25T19:00:00Z'),
    });
    const week = nextOccurrence(sunday, night.startsAt);
    expect(week.startsAt - phaseTimes(week, sunday.timeZone).remind24h).toBe(24 * HOUR);
  });

  it('starts a night set up less than an hour before its time the week after', () => {
    expect(firstOccurrence(saturday, at('2026-10-24T17:30:00Z')).id).toBe('2026-10-31');
    expect(firstOccurrence(saturday, at('2026-10-24T16:59:00Z')).id).toBe('2026-10-24');
  });
});

describe('which phase is due', () => {
  const night = { id: '2026-10-31', startsAt: at('2026-10-31T19:00:00Z') };
  const t = phaseTimes(night, 'Europe/Berlin');
  const config = configAt(night, at('2026-10-20T00:00:00Z'));

  it('runs the reminders, then the start, in order', () => {
    expect(duePhase(config, t.remind24h - 1)).toBeNull();
    expect(duePhase(config, t.remind24h)).toBe('remind24h');
    expect(duePhase(config, t.remind1h - 1)).toBe('remind24h');
    expect(duePhase(config, t.remind1h)).toBe('remind1h');
    expect(duePhase(config, t.start - 1)).toBe('remind1h');
    expect(duePhase(config, t.start)).toBe('start');
    expect(duePhase(config, t.start + 10 * HOUR)).toBe('start');
  });

  it('runs nothing while paused', () => {
    const paused = { ...config, paused: true };
    for (const now of [t.remind24h, t.remind1h, t.start]) expect(duePhase(paused, now)).toBeNull();
  });

  it('does not post a reminder that was due before the night was set up', () => {
    const late = configAt(night, t.remind24h + HOUR);
    expect(duePhase(late, t.remind24h + 2 * HOUR)).toBeNull();
    expect(duePhase(late, t.remind1h)).toBe('remind1h');
  });

  it('looks again at the next phase time, at once when the start is due, and every minute while a night is played', () => {
    expect(wakeAt(config, at('2026-10-21T00:00:00Z'))).toBe(t.remind24h);
    expect(wakeAt(config, t.remind24h)).toBe(t.remind1h);
    expect(wakeAt(config, t.remind1h)).toBe(t.start);
    expect(wakeAt(config, t.start + 5)).toBe(t.start + 5);
    expect(wakeAt({ ...config, paused: true }, t.remind1h)).toBeNull();
    expect(wakeAt({ ...config, paused: true, active: ['2026-10-24'] }, t.remind1h)).toBe(t.remind1h + NIGHT_CHECK_MS);
    expect(wakeAt({ ...config, active: ['2026-10-24'] }, t.remind24h - 10 * HOUR)).toBe(t.remind24h - 10 * HOUR + NIGHT_CHECK_MS);
  });
});

describe('set-up validation (nothing is stored on a refusal)', () => {
  const untouchable = new Proxy({}, { get: () => () => Promise.reject(new Error('touched')) });
  const nights = new WeeklyNights({
    store: untouchable,
    tables: untouchable,
    ledger: untouchable,
    settings: untouchable,
    gateway: untouchable,
    now: () => 0,
    log: untouchable,
  } as unknown as WeeklyDeps);
  const input = {
    guildId: 'g1',
    game: 'reunion',
    day: 'saturday',
    time: '20:00',
    timeZone: 'Europe/Berlin',
    channelId: 'c1',
    roleId: null,
    userId: 'u1',
  };

  it.each([
    [{ time: '25:00' }, /HH:MM/],
    [{ time: '7pm' }, /HH:MM/],
    [{ time: '' }, /HH:MM/],
    [{ timeZone: 'Mars/Olympus' }, /Europe\/Berlin/],
    [{ timeZone: '+2' }, /IANA/],
    [{ day: 'someday' }, /Monday to Sunday/],
    [{ game: 'skat' }, /does not run/],
    [{ format: 'swiss' }, /plain or duplicate/],
  ])('refuses %j', async (change, message) => {
    const err = await nights.setup({ ...input, ...change }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Refusal);
    expect((err as Refusal).message).toMatch(message);
  });
});

describe('sign-up buttons', () => {
  it('carry the occurrence and round-trip through the custom_id codec', () => {
    const id = encodeId({ kind: 'weekly', joining: true, occurrence: '2026-10-31' });
    expect(id).toBe('st:wk:in:2026-10-31');
    expect(decodeId(id)).toEqual({ kind: 'weekly', joining: true, occurrence: '2026-10-31' });
    expect(decodeId('st:wk:out:2026-10-31')).toEqual({ kind: 'weekly', joining: false, occurrence: '2026-10-31' });
    expect(decodeId('st:wk:maybe:2026-10-31')).toBeNull();
    expect(decodeId('st:wk:in:31.10.2026')).toBeNull();
  });
});

describe('normalTime and canonicalTimeZone', () => {
  it('store times as HH:MM', () => {
    expect(normalTime(' 20:00 ')).toBe('20:00');
    expect(normalTime('8:00')).toBe('08:00');
    expect(normalTime('25:00')).toBeNull();
  });

  it('store the canonical IANA name, UTC for UTC, and refuse abbreviations and fixed offsets', () => {
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone(' America/New_York ')).toBe('America/New_York');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Etc/UTC')).toBe('UTC');
    for (const name of ['EST', 'CET', 'EST5EDT', 'Etc/GMT+5', 'Mars/Olympus', '']) expect(canonicalTimeZone(name)).toBeNull();
  });
});

/**
 * `/weekly setup`: set up (or replace) a guild's weekly game night. Refusals are thrown as `Refusal`.
 */
import { gameById } from '../tables/games.ts';
import { isTimeZone } from '../records/periods.ts';
import { Refusal } from '../refusal.ts';
import { lingering, newNight, requireConfig, upcoming, type WeeklyDeps } from './deps.ts';
import { attachEvent, dropEvent } from './events.ts';
import { canonicalTimeZone, isWeekday, normalTime, type When, wakeAt } from './schedule.ts';
import { NIGHT_FORMATS, type WeeklyConfig } from './types.ts';

/** What `/weekly setup` asks for (validated by `setupNight`). */
export interface SetupInput {
  guildId: string;
  game: string;
  day: string;
  time: string;
  timeZone: string;
  channelId: string;
  roleId: string | null;
  userId: string;
  /** `plain` or `duplicate` (absent: `plain`). */
  format?: string;
}

/** What `/weekly setup` did: the stored config, why the scheduled event could not be created (or null), and how many sign-ups of the replaced upcoming night were dropped. */
export interface SetupResult {
  config: WeeklyConfig;
  eventError: string | null;
  resetSignUps: number;
}

/**
 * Set up (or replace) the guild's weekly night and set the guild's time zone to the night's. The time is stored
 * as `HH:MM`, the time zone by its canonical IANA name. The first night is the first start more than an hour
 * away on a date that has not had a night yet (a date whose night started is never reused). A re-set-up
 * replaces the upcoming night that has not started: its sign-ups are dropped, its reminders may go out again,
 * and the buttons of its earlier reminders are refused as stale (`NightState.retired`).
 * Throws `Refusal('bad_input')` for an unknown game, weekday, time ("25:00", "7pm") or time zone
 * ("Mars/Olympus"; also "EST", "CET", "Etc/GMT+5": not a region's zone) and an unknown format.
 */
export async function setupNight(deps: WeeklyDeps, input: SetupInput): Promise<SetupResult> {
  const game = gameById(input.game);
  if (!game) throw new Refusal('bad_input', 'weekly:refusal.unknown_game', { game: input.game });
  if (!isWeekday(input.day)) throw new Refusal('bad_input', 'weekly:refusal.bad_day', { day: input.day });
  const time = normalTime(input.time);
  if (!time) throw new Refusal('bad_input', 'weekly:refusal.bad_time', { time: input.time.trim() });
  const timeZone = canonicalTimeZone(input.timeZone);
  if (!timeZone)
    throw new Refusal('bad_input', isTimeZone(input.timeZone.trim()) ? 'weekly:refusal.fixed_zone' : 'weekly:refusal.bad_zone', {
      zone: input.timeZone.trim(),
    });
  const format = input.format ?? 'plain';
  if (!(NIGHT_FORMATS as readonly string[]).includes(format)) throw new Refusal('bad_input', 'weekly:refusal.bad_format', { format });
  const now = deps.now();
  const when: When = { day: input.day, time, timeZone };
  const { replaced, occ, resetSignUps } = await deps.store.withGuild(input.guildId, async () => {
    const old = await deps.store.config(input.guildId);
    const occ = await upcoming(deps, input.guildId, when, now);
    const config: WeeklyConfig = {
      guildId: input.guildId,
      game: game.id,
      ...when,
      channelId: input.channelId,
      roleId: input.roleId,
      paused: false,
      since: now,
      next: { ...occ, eventId: null },
      active: old?.active ?? (await lingering(deps, input.guildId)),
      setBy: input.userId,
      rev: (old?.rev ?? 0) + 1,
      ...(format === 'duplicate' ? { format: 'duplicate' as const } : {}),
    };
    const resetSignUps = await replaceNights(deps, config, old?.next.id);
    await deps.store.saveConfig(config, wakeAt(config, now));
    return { replaced: old, occ, resetSignUps };
  });
  await deps.settings.update(input.guildId, { timeZone });
  if (replaced?.next.eventId) await dropEvent(deps, input.guildId, replaced.next.eventId);
  const eventError = await attachEvent(deps, input.guildId, occ);
  return { config: await requireConfig(deps, input.guildId), eventError, resetSignUps };
}

/**
 * A new set-up (`config`, its `next` not started) replaces the nights not yet started of the dates it and the
 * replaced set-up (`oldNext`) work towards: the state of `config.next` is replaced by a fresh one (the earlier
 * reminders' message ids kept as `retired`) and its reminder claims are released. Returns the sign-ups dropped.
 * Call under the guild's lock.
 */
async function replaceNights(deps: WeeklyDeps, config: WeeklyConfig, oldNext: string | undefined): Promise<number> {
  const { store } = deps;
  const history = await store.history(config.guildId);
  let dropped = 0;
  for (const id of new Set([oldNext, config.next.id])) {
    if (!id || history.includes(id)) continue;
    const night = await store.night(config.guildId, id);
    if (night && night.status !== 'open') continue;
    dropped += night?.signUps.length ?? 0;
    if (id !== config.next.id) continue; // the replaced date: its buttons fail the date check
    const retired = [...(night?.retired ?? []), ...(night?.reminders.map((r) => r.messageId) ?? [])];
    if (night) await store.saveNight({ ...newNight(config, config.next), retired });
    for (const phase of ['remind24h', 'remind1h'] as const) await store.unclaim(config.guildId, id, phase);
  }
  return dropped;
}

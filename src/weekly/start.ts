/**
 * A night's start: seat the sign-ups at tables in threads (or, when the start was missed, skip the night), then
 * move the config on to the following week.
 */
import { defaultBotLevel } from '../tables/games.ts';
import { newNight, upcoming, type WeeklyDeps } from './deps.ts';
import { attachEvent, dropEvent } from './events.ts';
import { nextOccurrence, START_GRACE_MS, wakeAt } from './schedule.ts';
import { seatDuplicate } from './duplicate-seating.ts';
import { seatPlayers, type TableGroup } from './seating.ts';
import { nightIdOf } from './standings.ts';
import type { NightState, NightTable, Occurrence, SignUp, WeeklyConfig } from './types.ts';

/**
 * The upcoming night's start is due: seat its sign-ups (once across processes; `skipLate` when the start was
 * missed by more than `START_GRACE_MS`), then move `next` to the following week and create its scheduled event
 * (once: the config is only moved on while it still points at this occurrence).
 */
export async function startNight(deps: WeeklyDeps, config: WeeklyConfig, now: number): Promise<void> {
  const occ = config.next;
  if (now - occ.startsAt > START_GRACE_MS) return skipLate(deps, config, now);
  if (await deps.store.claim(config.guildId, occ.id, 'start')) await seat(deps, config, occ);
  const next = await deps.store.withGuild(config.guildId, async () => {
    const current = await deps.store.config(config.guildId);
    if (!current || current.next.id !== occ.id) return null;
    const following = nextOccurrence(current, occ.startsAt);
    current.next = { ...following, eventId: null };
    await deps.store.saveConfig(current, wakeAt(current, deps.now()));
    return following;
  });
  if (next) await attachEvent(deps, config.guildId, next);
}

/**
 * The start of `config.next` was missed (the bot was offline): once across processes the night is marked
 * `skipped`, goes into the history and the channel is told (sign-ups mentioned); its scheduled event is deleted
 * and `next` jumps to the first start more than an hour away (however many weeks were missed), with one log line.
 */
async function skipLate(deps: WeeklyDeps, config: WeeklyConfig, now: number): Promise<void> {
  const { store, gateway, log } = deps;
  const occ = config.next;
  const won = await store.claim(config.guildId, occ.id, 'start');
  const done = await store.withGuild(config.guildId, async () => {
    let skipped: NightState | null = null;
    if (won) {
      await store.addHistory(config.guildId, occ.id);
      const night = (await store.night(config.guildId, occ.id)) ?? newNight(config, occ);
      if (night.status === 'open') {
        night.status = 'skipped';
        await store.saveNight(night);
        skipped = night;
      }
    }
    const current = await store.config(config.guildId);
    if (!current || current.next.id !== occ.id) return { skipped, moved: null };
    const eventId = current.next.eventId;
    const following = await upcoming(deps, config.guildId, current, now);
    current.next = { ...following, eventId: null };
    await store.saveConfig(current, wakeAt(current, deps.now()));
    log.warn(
      { guildId: config.guildId, occurrence: occ.id, lateMs: now - occ.startsAt, next: following.id },
      'weekly night: the start was missed by more than 30 minutes (the bot was offline); the night was skipped',
    );
    return { skipped, moved: { following, eventId } };
  });
  if (done.skipped) await gateway.postSkipped(done.skipped);
  if (done.moved?.eventId) await dropEvent(deps, config.guildId, done.moved.eventId);
  if (done.moved) await attachEvent(deps, config.guildId, done.moved.following);
}

/**
 * Seat the sign-ups of `occ` at tables in threads and list them in the channel (the caller holds the start claim).
 * A duplicate night seats by `seatDuplicate` (one table size, computer seats rotated into place with
 * `TableService.arrange`) and gives every table the first table's seed.
 */
async function seat(deps: WeeklyDeps, config: WeeklyConfig, occ: Occurrence): Promise<void> {
  const { store, gateway, tables, log } = deps;
  const night = await store.withGuild(config.guildId, async () => {
    await store.addHistory(config.guildId, occ.id);
    return (await store.night(config.guildId, occ.id)) ?? newNight(config, occ);
  });
  const groups: (TableGroup<SignUp> & { order?: number[] })[] =
    night.format === 'duplicate' ? duplicateGroups(config, night.signUps) : seatPlayers(config.game, night.signUps);
  if (groups.length === 0) {
    await finishSeating(deps, night, [], 'empty');
    await gateway.postNobody(night);
    return;
  }
  const seated: NightTable[] = [];
  let seed: string | undefined;
  for (const [i, group] of groups.entries()) {
    const [host, ...others] = group.players as [SignUp, ...SignUp[]];
    try {
      const threadId = await gateway.openThread(night, i + 1);
      const created = await tables.create(
        { guildId: config.guildId, channelId: threadId },
        host,
        config.game,
        {},
        { nightId: nightIdOf(config.guildId, occ.id), ...(seed ? { seed } : {}) },
      );
      // A duplicate night's tables play the first table's deals (src/weekly/duplicate-seating.ts).
      if (group.order) seed ??= created.seed;
      await gateway.postTable(created);
      for (const player of others) await tables.join(threadId, player);
      for (let b = 0; b < group.bots; b++) await tables.addBot(threadId, host, defaultBotLevel(config.game));
      if (group.order?.some((joined, seat) => joined !== seat)) await tables.arrange(threadId, host, group.order);
      const table = await tables.start(threadId, host);
      await gateway.announceStart(table);
      seated.push({ threadId, tableId: table.id, seats: table.seats.map((s) => ({ userId: s.userId, name: s.name, bot: Boolean(s.bot) })) });
    } catch (err) {
      log.warn({ err, guildId: config.guildId, occurrence: occ.id, table: i + 1 }, 'weekly night: could not open a table');
    }
  }
  const playing = await finishSeating(deps, night, seated, seated.length ? 'playing' : 'skipped');
  await gateway.postSeating(playing);
}

/** Store the night's tables and status; a night in play joins the config's `active` list. */
function finishSeating(deps: WeeklyDeps, night: NightState, seated: NightTable[], status: NightState['status']): Promise<NightState> {
  const { store } = deps;
  return store.withGuild(night.guildId, async () => {
    const current = (await store.night(night.guildId, night.id)) ?? night;
    Object.assign(current, { tables: seated, status });
    await store.saveNight(current);
    const config = await store.config(night.guildId);
    if (config && status === 'playing' && !config.active.includes(night.id)) {
      config.active.push(night.id);
      await store.saveConfig(config, wakeAt(config, deps.now()));
    }
    return current;
  });
}

/**
 * A duplicate night's tables as groups to seat: the people in join order (the host first), how many computer
 * players join after them, and `order`, the join place of whoever sits at each seat (`TableService.arrange`).
 */
function duplicateGroups(config: WeeklyConfig, signUps: readonly SignUp[]): { players: SignUp[]; bots: number; order: number[] }[] {
  return seatDuplicate(config.game, signUps).map((seats) => {
    const players = seats.filter((s): s is SignUp => s !== null);
    let person = 0;
    let bot = players.length;
    return { players, bots: seats.length - players.length, order: seats.map((s) => (s === null ? bot++ : person++)) };
  });
}

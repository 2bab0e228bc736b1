/**
 * The weekly game night service: set-up, pause, resume and cancel (`/weekly`), sign-ups (the reminders' buttons),
 * and what the runner does when a phase is due — post a reminder, seat the sign-ups at tables in threads, move on
 * to the next week — and, once every table of a night is over, its standings (posted once, even with several bot
 * processes: each phase and the standings are claimed in the store first, src/store/weekly.ts).
 *
 * Refusals are thrown as `TableError` (answered ephemerally by the Discord layer's error boundary).
 */
import type { Logger } from '../logger.ts';
import type { GuildSettingsStore } from '../store/settings.ts';
import { gameById } from '../games/registry.ts';
import { RECORD_RULES } from '../records/games/index.ts';
import { isTimeZone, periodIds } from '../records/periods.ts';
import type { GameRecord, RecordLedger } from '../records/types.ts';
import { TableError } from '../tables/errors.ts';
import type { TableService } from '../tables/service.ts';
import {
  canonicalTimeZone,
  duePhase,
  firstOccurrence,
  isWeekday,
  NIGHT_CHECK_MS,
  nextOccurrence,
  normalTime,
  START_GRACE_MS,
  type When,
  wakeAt,
} from './schedule.ts';
import { seatPlayers } from './seating.ts';
import { nightIdOf, nightStandings, occurrenceOf } from './standings.ts';
import type { WeeklyStore } from '../store/weekly.ts';
import type { NightGateway, NightRow, NightState, NightTable, Occurrence, SignUp, WeeklyConfig } from './types.ts';

export interface WeeklyDeps {
  store: WeeklyStore;
  tables: TableService;
  ledger: RecordLedger;
  settings: GuildSettingsStore;
  gateway: NightGateway;
  /** Epoch ms. */
  now: () => number;
  log: Logger;
}

/** What `/weekly setup` asks for (validated by `WeeklyNights.setup`). */
export interface SetupInput {
  guildId: string;
  game: string;
  day: string;
  time: string;
  timeZone: string;
  channelId: string;
  roleId: string | null;
  userId: string;
}

/** A night's standings as `/weekly standings` shows them. */
export interface NightReport {
  night: NightState;
  rows: NightRow[];
  /** Tables of the night whose game is over (finished with a result, or closed without one). */
  tablesOver: number;
}

/** What `/weekly setup` did: the stored config, why the scheduled event could not be created (or null), and how many sign-ups of the replaced upcoming night were dropped. */
export interface SetupResult {
  config: WeeklyConfig;
  eventError: string | null;
  resetSignUps: number;
}

/** Started nights among this many latest ones are still looked at after a cancel (their tables may be playing). */
const LINGERING = 4;

const STALE =
  'That button is for a game night that has started, was cancelled, changed or paused, or is an earlier week’s: look for the latest reminder.';

const NO_NIGHT = 'There is no weekly game night in this server. A member with Manage Server can set one up with `/weekly setup`.';

export class WeeklyNights {
  /** Work started outside a poll (record listeners, reminder edits), so a shutdown can wait for it. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: WeeklyDeps) {}

  /** Whether work started outside a poll is still running. */
  get busy(): boolean {
    return this.inFlight.size > 0;
  }

  /** Wait for the work started outside a poll. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all(this.inFlight);
  }

  private track(work: Promise<void>, what: string): void {
    const done = work.catch((err: unknown) => this.deps.log.warn({ err }, `weekly night: ${what} failed`)).finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
  }

  /** Whether this process runs the guild's nights (its shard receives the guild). */
  handles(guildId: string): boolean {
    return this.deps.gateway.handles(guildId);
  }

  /** Guilds due for `runDue` now. */
  dueGuilds(now: number): Promise<string[]> {
    return this.deps.store.dueGuilds(now);
  }

  config(guildId: string): Promise<WeeklyConfig | undefined> {
    return this.deps.store.config(guildId);
  }

  /** The guild's config; throws `TableError('bad_input')` when it has none. */
  private async requireConfig(guildId: string): Promise<WeeklyConfig> {
    const config = await this.deps.store.config(guildId);
    if (!config) throw new TableError('bad_input', NO_NIGHT);
    return config;
  }

  /**
   * Set up (or replace) the guild's weekly night and set the guild's time zone to the night's. The time is stored
   * as `HH:MM`, the time zone by its canonical IANA name. The first night is the first start more than an hour
   * away on a date that has not had a night yet (a date whose night started is never reused). A re-set-up
   * replaces the upcoming night that has not started: its sign-ups are dropped, its reminders may go out again,
   * and the buttons of its earlier reminders are refused as stale (`NightState.retired`).
   * Throws `TableError('bad_input')` for an unknown game, weekday, time ("25:00", "7pm") or time zone
   * ("Mars/Olympus"; also "EST", "CET", "Etc/GMT+5": not a region's zone).
   */
  async setup(input: SetupInput): Promise<SetupResult> {
    const game = gameById(input.game);
    if (!game) throw new TableError('bad_input', `This bot does not run "${input.game}".`);
    if (!isWeekday(input.day)) throw new TableError('bad_input', `"${input.day}" is not a weekday; choose Monday to Sunday.`);
    const time = normalTime(input.time);
    if (!time)
      throw new TableError('bad_input', `"${input.time.trim()}" is not a time of day: give it as HH:MM on the 24-hour clock, e.g. 20:00 or 19:30.`);
    const timeZone = canonicalTimeZone(input.timeZone);
    if (!timeZone)
      throw new TableError(
        'bad_input',
        isTimeZone(input.timeZone.trim())
          ? `"${input.timeZone.trim()}" is an abbreviation or a fixed offset, which does not follow a region's daylight-saving rules: give a region's IANA time zone such as America/New_York or Europe/Berlin (or UTC).`
          : `"${input.timeZone.trim()}" is not a time zone I know: give an IANA time zone name such as Europe/Berlin or America/New_York.`,
      );
    const now = this.deps.now();
    const when: When = { day: input.day, time, timeZone };
    const { replaced, occ, resetSignUps } = await this.deps.store.withGuild(input.guildId, async () => {
      const old = await this.deps.store.config(input.guildId);
      const occ = await this.upcoming(input.guildId, when, now);
      const config: WeeklyConfig = {
        guildId: input.guildId,
        game: game.id,
        ...when,
        channelId: input.channelId,
        roleId: input.roleId,
        paused: false,
        since: now,
        next: { ...occ, eventId: null },
        active: old?.active ?? (await this.lingering(input.guildId)),
        setBy: input.userId,
        rev: (old?.rev ?? 0) + 1,
      };
      const resetSignUps = await this.replaceNights(config, old?.next.id);
      await this.deps.store.saveConfig(config, wakeAt(config, now));
      return { replaced: old, occ, resetSignUps };
    });
    await this.deps.settings.update(input.guildId, { timeZone });
    if (replaced?.next.eventId) await this.dropEvent(input.guildId, replaced.next.eventId);
    const eventError = await this.attachEvent(input.guildId, occ);
    return { config: await this.requireConfig(input.guildId), eventError, resetSignUps };
  }

  /** Whether the occurrence's night started (seated, found empty or skipped): its date never has a night again. */
  private async started(guildId: string, occurrence: string): Promise<boolean> {
    const night = await this.deps.store.night(guildId, occurrence);
    return (night !== undefined && night.status !== 'open') || (await this.deps.store.history(guildId)).includes(occurrence);
  }

  /** The first start of `when` more than an hour after `now` on a date that has not started a night (call under the guild's lock). */
  private async upcoming(guildId: string, when: When, now: number): Promise<Occurrence> {
    let occ = firstOccurrence(when, now);
    while (await this.started(guildId, occ.id)) occ = nextOccurrence(when, occ.startsAt);
    return occ;
  }

  /**
   * A new set-up (`config`, its `next` not started) replaces the nights not yet started of the dates it and the
   * replaced set-up (`oldNext`) work towards: the state of `config.next` is replaced by a fresh one (the earlier
   * reminders' message ids kept as `retired`) and its reminder claims are released. Returns the sign-ups dropped.
   * Call under the guild's lock.
   */
  private async replaceNights(config: WeeklyConfig, oldNext: string | undefined): Promise<number> {
    const { store } = this.deps;
    const history = await store.history(config.guildId);
    let dropped = 0;
    for (const id of new Set([oldNext, config.next.id])) {
      if (!id || history.includes(id)) continue;
      const night = await store.night(config.guildId, id);
      if (night && night.status !== 'open') continue;
      dropped += night?.signUps.length ?? 0;
      if (id !== config.next.id) continue; // the replaced date: its buttons fail the date check
      const retired = [...(night?.retired ?? []), ...(night?.reminders.map((r) => r.messageId) ?? [])];
      if (night) await store.saveNight({ ...this.newNight(config, config.next), retired });
      for (const phase of ['remind24h', 'remind1h'] as const) await store.unclaim(config.guildId, id, phase);
    }
    return dropped;
  }

  /** Started nights among the latest whose tables are still being played (kept looked at after a cancel). */
  private async lingering(guildId: string): Promise<string[]> {
    const ids = (await this.deps.store.history(guildId)).slice(-LINGERING);
    const nights = await Promise.all(ids.map((id) => this.deps.store.night(guildId, id)));
    return nights.flatMap((n) => (n?.status === 'playing' ? [n.id] : []));
  }

  /**
   * Create the scheduled event of `occ` and store its id on the config, unless the config moved on meanwhile
   * (then the event is deleted again). Returns null, or why the event could not be created.
   */
  private async attachEvent(guildId: string, occ: Occurrence): Promise<string | null> {
    const config = await this.deps.store.config(guildId);
    if (!config || config.paused || config.next.id !== occ.id) return null;
    let eventId: string;
    try {
      eventId = await this.deps.gateway.createEvent(config, occ);
    } catch (err) {
      this.deps.log.warn({ err, guildId, occurrence: occ.id }, 'weekly night: could not create the scheduled event');
      return err instanceof Error ? err.message : String(err);
    }
    const kept = await this.deps.store.withGuild(guildId, async () => {
      const current = await this.deps.store.config(guildId);
      if (!current || current.paused || current.next.id !== occ.id || current.next.eventId) return false;
      current.next.eventId = eventId;
      await this.deps.store.saveConfig(current, wakeAt(current, this.deps.now()));
      return true;
    });
    if (!kept) await this.dropEvent(guildId, eventId);
    return null;
  }

  /** Delete a scheduled event; a failure is logged (the event then stays on the server's list). */
  private async dropEvent(guildId: string, eventId: string): Promise<void> {
    await this.deps.gateway
      .deleteEvent(guildId, eventId)
      .catch((err: unknown) => this.deps.log.warn({ err, guildId, eventId }, 'weekly night: could not delete the scheduled event'));
  }

  /**
   * Pause: no reminders and no tables until `resume`. The upcoming week's scheduled event is deleted (members
   * should not see a night that will not happen). Throws `TableError` when there is no night or it is paused.
   */
  async pause(guildId: string): Promise<WeeklyConfig> {
    const { config, eventId } = await this.deps.store.withGuild(guildId, async () => {
      const config = await this.requireConfig(guildId);
      if (config.paused) throw new TableError('bad_input', 'The weekly game night is already paused; `/weekly resume` starts it again.');
      const eventId = config.next.eventId;
      config.paused = true;
      config.next.eventId = null;
      await this.deps.store.saveConfig(config, wakeAt(config, this.deps.now()));
      return { config, eventId };
    });
    if (eventId) await this.dropEvent(guildId, eventId);
    return config;
  }

  /** Resume a paused night from the first start more than an hour away (with a new scheduled event). */
  async resume(guildId: string): Promise<{ config: WeeklyConfig; eventError: string | null }> {
    const now = this.deps.now();
    const occ = await this.deps.store.withGuild(guildId, async () => {
      const config = await this.requireConfig(guildId);
      if (!config.paused) throw new TableError('bad_input', 'The weekly game night is not paused.');
      const occ = await this.upcoming(guildId, config, now);
      Object.assign(config, { paused: false, since: now, next: { ...occ, eventId: null } });
      await this.deps.store.saveConfig(config, wakeAt(config, now));
      return occ;
    });
    const eventError = await this.attachEvent(guildId, occ);
    return { config: await this.requireConfig(guildId), eventError };
  }

  /**
   * Delete the night's config and its upcoming scheduled event. Past nights' standings stay available; a started
   * night whose tables are still being played keeps being looked at until they are over (then its standings).
   */
  async cancel(guildId: string): Promise<WeeklyConfig> {
    const config = await this.deps.store.withGuild(guildId, async () => {
      const config = await this.requireConfig(guildId);
      await this.deps.store.deleteConfig(guildId, config.active.length ? this.deps.now() + NIGHT_CHECK_MS : undefined);
      return config;
    });
    if (config.next.eventId) await this.dropEvent(guildId, config.next.eventId);
    return config;
  }

  /** A fresh night state for `occ` of `config`. */
  private newNight(config: WeeklyConfig, occ: Occurrence): NightState {
    return {
      guildId: config.guildId,
      id: occ.id,
      game: config.game,
      startsAt: occ.startsAt,
      timeZone: config.timeZone,
      channelId: config.channelId,
      signUps: [],
      reminders: [],
      version: 0,
      status: 'open',
      tables: [],
      rev: config.rev ?? 0,
    };
  }

  /**
   * "I'm in" (`joining`) or "I'm out" for `occurrence`, pressed on the reminder `messageId`. Throws
   * `TableError('stale')` when the button is not for the upcoming night (an earlier week's reminder, a cancelled
   * or paused night, a reminder of a set-up replaced since, or the start has passed). `changed` is false when
   * the player already was in (or out). The reminders are edited afterwards.
   */
  async signUp(
    guildId: string,
    occurrence: string,
    player: SignUp,
    joining: boolean,
    messageId?: string,
  ): Promise<{ night: NightState; changed: boolean }> {
    const result = await this.deps.store.withGuild(guildId, async () => {
      const config = await this.deps.store.config(guildId);
      if (!config || config.paused || config.next.id !== occurrence || this.deps.now() >= config.next.startsAt) throw new TableError('stale', STALE);
      const night = (await this.deps.store.night(guildId, occurrence)) ?? this.newNight(config, config.next);
      if (messageId && night.retired?.includes(messageId)) throw new TableError('stale', STALE);
      const seated = night.signUps.some((s) => s.userId === player.userId);
      if (seated === joining) return { config, night, changed: false };
      night.signUps = joining ? [...night.signUps, player] : night.signUps.filter((s) => s.userId !== player.userId);
      night.version += 1;
      await this.deps.store.saveNight(night);
      return { config, night, changed: true };
    });
    if (result.changed)
      for (const reminder of result.night.reminders)
        this.track(this.deps.gateway.updateReminder(result.config, result.night, reminder), 'showing the sign-ups');
    return { night: result.night, changed: result.changed };
  }

  /**
   * The runner's step for one guild: run the phase of the upcoming night that is due (once across processes),
   * move on to the next week after a start, look at nights still being played, and record when to look again.
   */
  async runDue(guildId: string): Promise<void> {
    const config = await this.deps.store.config(guildId);
    const now = this.deps.now();
    if (config) {
      const phase = duePhase(config, now);
      if (phase === 'start') await this.startNight(config, now);
      else if (phase && (await this.deps.store.claim(guildId, config.next.id, phase))) await this.remind(config, now);
      for (const occurrence of config.active) await this.checkNight(guildId, occurrence);
    } else for (const occurrence of await this.lingering(guildId)) await this.checkNight(guildId, occurrence);
    await this.deps.store.withGuild(guildId, async () => {
      const current = await this.deps.store.config(guildId);
      if (current) await this.deps.store.saveConfig(current, wakeAt(current, this.deps.now()));
      else await this.deps.store.deleteConfig(guildId, (await this.lingering(guildId)).length ? this.deps.now() + NIGHT_CHECK_MS : undefined);
    });
  }

  /** Post a reminder of `config.next` (the caller holds the phase's claim). */
  private async remind(config: WeeklyConfig, now: number): Promise<void> {
    const night = await this.deps.store.withGuild(config.guildId, async () => {
      const night = (await this.deps.store.night(config.guildId, config.next.id)) ?? this.newNight(config, config.next);
      await this.deps.store.saveNight(night);
      return night;
    });
    const messageId = await this.deps.gateway.postReminder(config, night, now);
    const reminder = { messageId, postedAt: now };
    const after = await this.deps.store.withGuild(config.guildId, async () => {
      const current = (await this.deps.store.night(config.guildId, night.id)) ?? night;
      // Set up again while the reminder was on its way: its buttons are stale.
      const replaced = (current.rev ?? 0) !== (night.rev ?? 0);
      if (replaced) current.retired = [...(current.retired ?? []), messageId];
      else current.reminders.push(reminder);
      await this.deps.store.saveNight(current);
      return replaced ? null : current;
    });
    // Someone signed up while the reminder was on its way: show the count it missed.
    if (after && after.version !== night.version) await this.deps.gateway.updateReminder(config, after, reminder);
  }

  /**
   * The upcoming night's start is due: seat its sign-ups (once across processes; `skipLate` when the start was
   * missed by more than `START_GRACE_MS`), then move `next` to the following week and create its scheduled event
   * (once: the config is only moved on while it still points at this occurrence).
   */
  private async startNight(config: WeeklyConfig, now: number): Promise<void> {
    const occ = config.next;
    if (now - occ.startsAt > START_GRACE_MS) return this.skipLate(config, now);
    if (await this.deps.store.claim(config.guildId, occ.id, 'start')) await this.seat(config, occ);
    const next = await this.deps.store.withGuild(config.guildId, async () => {
      const current = await this.deps.store.config(config.guildId);
      if (!current || current.next.id !== occ.id) return null;
      const following = nextOccurrence(current, occ.startsAt);
      current.next = { ...following, eventId: null };
      await this.deps.store.saveConfig(current, wakeAt(current, this.deps.now()));
      return following;
    });
    if (next) await this.attachEvent(config.guildId, next);
  }

  /**
   * The start of `config.next` was missed (the bot was offline): once across processes the night is marked
   * `skipped`, goes into the history and the channel is told (sign-ups mentioned); its scheduled event is deleted
   * and `next` jumps to the first start more than an hour away (however many weeks were missed), with one log line.
   */
  private async skipLate(config: WeeklyConfig, now: number): Promise<void> {
    const { store, gateway, log } = this.deps;
    const occ = config.next;
    const won = await store.claim(config.guildId, occ.id, 'start');
    const done = await store.withGuild(config.guildId, async () => {
      let skipped: NightState | null = null;
      if (won) {
        await store.addHistory(config.guildId, occ.id);
        const night = (await store.night(config.guildId, occ.id)) ?? this.newNight(config, occ);
        if (night.status === 'open') {
          night.status = 'skipped';
          await store.saveNight(night);
          skipped = night;
        }
      }
      const current = await store.config(config.guildId);
      if (!current || current.next.id !== occ.id) return { skipped, moved: null };
      const eventId = current.next.eventId;
      const following = await this.upcoming(config.guildId, current, now);
      current.next = { ...following, eventId: null };
      await store.saveConfig(current, wakeAt(current, this.deps.now()));
      log.warn(
        { guildId: config.guildId, occurrence: occ.id, lateMs: now - occ.startsAt, next: following.id },
        'weekly night: the start was missed by more than 30 minutes (the bot was offline); the night was skipped',
      );
      return { skipped, moved: { following, eventId } };
    });
    if (done.skipped) await gateway.postSkipped(done.skipped);
    if (done.moved?.eventId) await this.dropEvent(config.guildId, done.moved.eventId);
    if (done.moved) await this.attachEvent(config.guildId, done.moved.following);
  }

  /** Seat the sign-ups of `occ` at tables in threads and list them in the channel (the caller holds the start claim). */
  private async seat(config: WeeklyConfig, occ: Occurrence): Promise<void> {
    const { store, gateway, tables, log } = this.deps;
    const night = await store.withGuild(config.guildId, async () => {
      await store.addHistory(config.guildId, occ.id);
      return (await store.night(config.guildId, occ.id)) ?? this.newNight(config, occ);
    });
    const groups = seatPlayers(config.game, night.signUps);
    if (groups.length === 0) {
      await this.finishSeating(night, [], 'empty');
      await gateway.postNobody(night);
      return;
    }
    const name = gameById(config.game)?.name ?? config.game;
    const seated: NightTable[] = [];
    for (const [i, group] of groups.entries()) {
      const [host, ...others] = group.players as [SignUp, ...SignUp[]];
      try {
        const threadId = await gateway.openThread(night, `${name} night ${occ.id} · table ${i + 1}`);
        const created = await tables.create(
          { guildId: config.guildId, channelId: threadId },
          host,
          config.game,
          {},
          { nightId: nightIdOf(config.guildId, occ.id) },
        );
        await gateway.postTable(created);
        for (const player of others) await tables.join(threadId, player);
        for (let b = 0; b < group.bots; b++) await tables.addBot(threadId, host, 'strong');
        const table = await tables.start(threadId, host);
        await gateway.announceStart(table);
        seated.push({ threadId, tableId: table.id, seats: table.seats.map((s) => ({ userId: s.userId, name: s.name, bot: Boolean(s.bot) })) });
      } catch (err) {
        log.warn({ err, guildId: config.guildId, occurrence: occ.id, table: i + 1 }, 'weekly night: could not open a table');
      }
    }
    const playing = await this.finishSeating(night, seated, seated.length ? 'playing' : 'skipped');
    await gateway.postSeating(playing);
  }

  /** Store the night's tables and status; a night in play joins the config's `active` list. */
  private finishSeating(night: NightState, seated: NightTable[], status: NightState['status']): Promise<NightState> {
    const { store } = this.deps;
    return store.withGuild(night.guildId, async () => {
      const current = (await store.night(night.guildId, night.id)) ?? night;
      Object.assign(current, { tables: seated, status });
      await store.saveNight(current);
      const config = await store.config(night.guildId);
      if (config && status === 'playing' && !config.active.includes(night.id)) {
        config.active.push(night.id);
        await store.saveConfig(config, wakeAt(config, this.deps.now()));
      }
      return current;
    });
  }

  /** A record was committed: if it belongs to a weekly night, that night may be over. */
  recorded(record: GameRecord): void {
    const occurrence = record.nightId ? occurrenceOf(record.nightId, record.guildId) : null;
    if (occurrence) this.track(this.checkNight(record.guildId, occurrence), 'checking whether the night is over');
  }

  /** The night's tables with their records: a table is over when it has a record, or is no longer open in its thread. */
  private async tableOutcomes(night: NightState): Promise<{ over: boolean; record: GameRecord | null }[]> {
    return Promise.all(
      night.tables.map(async (t) => {
        const record = await this.deps.ledger.record(night.guildId, t.tableId);
        if (record) return { over: true, record };
        return { over: (await this.deps.tables.get(t.threadId))?.id !== t.tableId, record: null };
      }),
    );
  }

  /**
   * When every table of a night in play is over (finished, or closed without a result), post its standings once
   * (claimed) and take it off the config's `active` list.
   */
  async checkNight(guildId: string, occurrence: string): Promise<void> {
    const { store, gateway } = this.deps;
    const night = await store.night(guildId, occurrence);
    if (night?.status === 'open') return; // still being seated
    if (night?.status === 'playing') {
      const outcomes = await this.tableOutcomes(night);
      if (outcomes.some((o) => !o.over)) return;
      if (await store.claim(guildId, occurrence, 'standings')) {
        const records = outcomes.flatMap((o) => (o.record ? [o.record] : []));
        await gateway.postStandings(night, nightStandings(records), await this.seasonTop(night, records));
      }
    }
    await store.withGuild(guildId, async () => {
      const current = await store.night(guildId, occurrence);
      if (current?.status === 'playing') {
        current.status = 'finished';
        await store.saveNight(current);
      }
      const config = await store.config(guildId);
      if (config?.active.includes(occurrence)) {
        config.active = config.active.filter((id) => id !== occurrence);
        await store.saveConfig(config, wakeAt(config, this.deps.now()));
      }
    });
  }

  /** The top five of the season the night's games count in (by the game's default order; people only). */
  private async seasonTop(night: NightState, records: readonly GameRecord[]) {
    const periodId = records[0]?.periods.season ?? periodIds(night.startsAt, night.timeZone).season;
    const sort = RECORD_RULES[night.game].defaultSort;
    const { rows } = await this.deps.ledger.board({
      guildId: night.guildId,
      game: night.game,
      periodId,
      includeBots: false,
      sort,
      offset: 0,
      limit: 5,
    });
    return { periodId, sort, rows };
  }

  /**
   * A night's standings for `/weekly standings`: `week` is an ISO week id (`2026-W49`) or `last`/undefined for the
   * latest night that started. Throws `TableError('bad_input')` for a malformed week or when there is no such night.
   */
  async report(guildId: string, week: string | undefined): Promise<NightReport> {
    const wanted = week?.trim().toUpperCase();
    if (wanted && wanted !== 'LAST' && !/^\d{4}-W\d{2}$/.test(wanted))
      throw new TableError('bad_input', `"${week}" is not a week: give an ISO week like 2026-W49, or "last".`);
    const ids = await this.deps.store.history(guildId);
    const occurrence = !wanted || wanted === 'LAST' ? ids.at(-1) : [...ids].reverse().find((id) => isoWeekOfDate(id) === wanted);
    const night = occurrence ? await this.deps.store.night(guildId, occurrence) : undefined;
    if (!night)
      throw new TableError(
        'bad_input',
        ids.length ? `There was no weekly game night in ${wanted}.` : 'No weekly game night has been played in this server yet.',
      );
    const outcomes = await this.tableOutcomes(night);
    return {
      night,
      rows: nightStandings(outcomes.flatMap((o) => (o.record ? [o.record] : []))),
      tablesOver: outcomes.filter((o) => o.over).length,
    };
  }
}

/** The ISO week id (`2026-W49`) of a local date `yyyy-MM-dd` (time zone independent: the date is already local). */
function isoWeekOfDate(date: string): string {
  return periodIds(Date.parse(`${date}T12:00:00Z`), 'UTC').week;
}

/**
 * The table layer: one table per channel, lobby → playing → finished. Every change runs under the channel's lock:
 * load → check → apply → save (version + 1); a move is applied and stored whole, or not at all.
 * `TableService` is what the rest of the bot uses. This file holds the lobby and the seats (opening a table,
 * joining, leaving, computer players, starting, cancelling, taking over an away seat, coming back, and the channel's
 * last finished game); moves are in
 * src/tables/moves.ts, deadlines that came due in src/tables/expiry.ts, the common ground in src/tables/core.ts.
 */
import type { BotLevel } from '../bots/types.ts';
import type { Seat } from '../games/types.ts';
import { gameById } from './games.ts';
import { humanSeats, newBotSeat } from './bots.ts';
import { type Actor, type TableSettings } from './core.ts';
import { DEFAULT_TURN_TIMER_S, MAX_TURN_TIMER_S } from './deadlines.ts';
import { Refusal } from '../refusal.ts';
import { TableExpiry } from './expiry.ts';
import { resolveOptions } from './options.ts';
import { practiceSeat, practiceTable } from './practice.ts';
import type { TableEvents } from './events.ts';
import type { FinishedGame, FinishedNote, SeatInfo, TableRecord } from './types.ts';

export { type Actor, stampOf, type TableDeps, type TableSettings } from './core.ts';
export type { TimerOutcome } from './expiry.ts';
export type { MoveOutcome } from './moves.ts';

/** What `join` did: the table after it, and the computer seat the person took (null when they added a seat). */
export interface JoinOutcome {
  table: TableRecord;
  replaced: SeatInfo | null;
}

/** The index of the computer seat seated last, or -1. */
const lastBotSeat = (table: TableRecord): number => table.seats.map((s) => Boolean(s.bot)).lastIndexOf(true);

/** The table layer (see the file's comment). */
export class TableService extends TableExpiry {
  /**
   * Open a lobby in the channel with the host seated. Throws `table_exists` if the channel has a table,
   * `unknown_game` for a game the bot does not run.
   */
  create(
    channel: { guildId: string; channelId: string },
    host: Actor,
    gameId: string,
    options: Record<string, unknown> = {},
    settings: TableSettings = {},
  ): Promise<TableRecord> {
    const game = gameById(gameId);
    if (!game) throw new Refusal('unknown_game', 'refusal.unknown_game', { game: gameId.slice(0, 40) });
    const turnTimer = settings.turnTimer ?? DEFAULT_TURN_TIMER_S;
    if (!Number.isInteger(turnTimer) || turnTimer < 0 || turnTimer > MAX_TURN_TIMER_S)
      throw new Refusal('bad_input', 'refusal.turn_timer', { max: MAX_TURN_TIMER_S });
    return this.deps.tables.withLock(channel.channelId, async () => {
      const existing = await this.deps.tables.get(channel.channelId);
      if (existing)
        throw new Refusal('table_exists', 'refusal.table_exists', {
          game: this.engine(existing).name,
          status: { key: `table.status.${existing.status}` },
        });
      const now = this.deps.now();
      const table: TableRecord = {
        id: this.deps.newId(),
        channelId: channel.channelId,
        guildId: channel.guildId,
        game: game.id,
        options: resolveOptions(game, options),
        seats: [{ userId: host.userId, name: host.name }],
        hostId: host.userId,
        status: 'lobby',
        version: 1,
        seed: settings.seed ?? this.deps.newSeed(),
        moves: [],
        state: null,
        turnTimer,
        deadline: null,
        messageId: null,
        createdAt: now,
        startedAt: null,
        updatedAt: now,
        ...(settings.nightId ? { nightId: settings.nightId } : {}),
      };
      this.schedule(table);
      await this.save(table, 'opened');
      return table;
    });
  }

  /**
   * Open a practice table in the channel (src/tables/practice.ts): `source` (a finished game the caller checked the
   * actor may see) played again from after its first `fromMove` moves, the actor in their own seat (or the first
   * person's), computer players of the game's default level in the others; never recorded. Throws `table_exists` when the channel has a
   * table (a practice never shares a channel with a real table), `bad_input` for a move outside the game.
   */
  practice(channel: { guildId: string; channelId: string }, actor: Actor, source: FinishedGame, fromMove: number): Promise<TableRecord> {
    return this.deps.tables.withLock(channel.channelId, async () => {
      const existing = await this.deps.tables.get(channel.channelId);
      if (existing)
        throw new Refusal('table_exists', 'refusal.table_exists', {
          game: this.engine(existing).name,
          status: { key: `table.status.${existing.status}` },
        });
      const table = practiceTable({
        source,
        fromMove,
        player: actor,
        seat: practiceSeat(source, actor.userId),
        channel,
        id: this.deps.newId(),
        now: this.deps.now(),
      });
      this.schedule(table);
      await this.save(table, 'opened');
      return table;
    });
  }

  /**
   * Take a seat in the lobby. A person takes the seat of the computer player seated last when the lobby has one (in
   * its place, so the table keeps its size: "Fill with bots" never keeps a friend out); otherwise they add a seat
   * while the game has one free. The lobby remembers the replacement (`TableRecord.botSeatTaken`) until its next change.
   * Resolves to the table and the computer seat replaced (null when a seat was added). Throws `not_in_lobby`,
   * `already_seated` or `table_full` (every seat taken by people).
   */
  async join(channelId: string, actor: Actor): Promise<JoinOutcome> {
    let replaced: SeatInfo | null = null;
    const table = await this.lobbyChange(channelId, (table) => {
      if (table.status !== 'lobby') throw new Refusal('not_in_lobby', 'refusal.already_started');
      if (this.seatOf(table, actor.userId) >= 0) throw new Refusal('already_seated', 'refusal.already_seated');
      const person: SeatInfo = { userId: actor.userId, name: actor.name };
      const bot = lastBotSeat(table);
      if (bot >= 0) {
        replaced = table.seats[bot] as SeatInfo;
        table.seats[bot] = person;
        table.botSeatTaken = { userId: actor.userId, bot: replaced.name };
        return;
      }
      if (table.seats.length >= this.engine(table).maxSeats) throw new Refusal('table_full', 'refusal.table_full');
      table.seats.push(person);
    });
    return { table, replaced };
  }

  /**
   * Leave the table. In the lobby: the host leaving hands the table to the next seated player; the last player
   * leaving closes it (returns null). While playing: the seat is handed to the computer at once (`SeatInfo.left`, and
   * `away`, so the computer plays it and anyone may take it over; no **I'm back**); the game goes on, also when nobody
   * is left, and the seat's result counts as docs/playing.md § Results that were earned says; a leaving host hands
   * the host's role to the next person still playing. Throws `not_seated` (also for a player who already left).
   */
  async leave(channelId: string, actor: Actor): Promise<TableRecord | null> {
    return this.deps.tables.withLock(channelId, async () => {
      const table = await this.require(channelId);
      const seat = this.seatOf(table, actor.userId);
      if (seat < 0) throw new Refusal('not_seated', 'refusal.not_seated');
      if (table.status !== 'lobby') return this.leaveGame(table, seat);
      table.seats.splice(seat, 1);
      delete table.botSeatTaken;
      const people = humanSeats(table);
      if (people.length === 0) {
        await this.remove(table, 'closed', table.version + 1);
        return null;
      }
      if (table.hostId === actor.userId) table.hostId = (people[0] as { userId: string }).userId;
      this.bump(table);
      await this.save(table, 'seats');
      return table;
    });
  }

  /** `seat` leaves the running game (see `leave`; under the caller's lock). */
  private async leaveGame(table: TableRecord, seat: Seat): Promise<TableRecord> {
    const info = table.seats[seat] as SeatInfo;
    if (info.left) throw new Refusal('not_seated', 'refusal.already_left');
    info.left = true;
    info.away = true;
    delete info.autoTurns;
    if (table.hostId === info.userId) {
      const next = humanSeats(table).find((s) => !s.away);
      if (next) table.hostId = next.userId;
    }
    this.bump(table);
    this.rescheduleFor(table, seat);
    // With no deadline pending (the turn timer off, someone else to act), the next turn of this seat gets one from `schedule`.
    if (!table.deadline) this.schedule(table);
    await this.save(table, 'seats');
    return table;
  }

  /**
   * Start the game (host only) once enough players sit: with the game's fixed options, and the seats reordered when
   * the game seats its players by a draw (Rommé). Throws `not_host`, `not_in_lobby`, `not_enough_players`.
   */
  start(channelId: string, actor: Actor): Promise<TableRecord> {
    return this.change(channelId, 'started', (table) => {
      const game = this.engine(table);
      if (table.status !== 'lobby') throw new Refusal('not_in_lobby', 'refusal.already_started');
      if (actor.userId !== table.hostId) throw new Refusal('not_host', 'refusal.not_host_start');
      if (table.seats.length < game.minSeats)
        throw new Refusal('not_enough_players', 'refusal.not_enough_players', { game: game.name, min: game.minSeats, count: table.seats.length });
      // Every game started from now on is played by the game's fixed options (also a lobby opened before they came).
      table.options = { ...table.options, ...game.fixedOptions };
      table.state = game.setup(table.options, table.seats.length, table.seed);
      // A game that seats its players by a draw (Rommé) says who sits where; the seats follow before anything refers to them.
      const order = game.seatOrder(table.state);
      if (order) table.seats = order.map((joined) => table.seats[joined] as SeatInfo);
      table.status = 'playing';
      delete table.botSeatTaken;
      table.startedAt = this.deps.now();
      this.schedule(table);
    });
  }

  /**
   * Reorder the lobby's seats (host only): seat i becomes the seat that was at `order[i]` (a duplicate night puts
   * its computer players at rotating seats, src/weekly/duplicate-seating.ts). Throws `not_host`, `not_in_lobby`, and
   * an Error when `order` is not a permutation of the seats (a caller's mistake, nothing a player can type).
   */
  arrange(channelId: string, actor: Actor, order: readonly number[]): Promise<TableRecord> {
    return this.lobbyChange(channelId, (table) => {
      this.requireHostInLobby(table, actor, 'refusal.not_host_start');
      const sorted = [...order].sort((a, b) => a - b);
      if (sorted.length !== table.seats.length || sorted.some((seat, i) => seat !== i))
        throw new Error(`not an order of ${table.seats.length} seats: ${order.join(',')}`);
      table.seats = order.map((seat) => table.seats[seat] as SeatInfo);
    });
  }

  /** Remember the public table message's id. */
  setMessage(channelId: string, messageId: string): Promise<TableRecord> {
    return this.change(channelId, 'message', (table) => {
      table.messageId = messageId;
    });
  }

  /**
   * The board moved: message `to` replaces message `from` as the table's public message (docs/playing.md § The board
   * stays in view). Stored under the lock but without a version bump, so every hand and button rendered before stays
   * valid (their stamp is `tableId.version.seat`). Resolves to false and changes nothing when the table is gone, is
   * not being played, or its message is no longer `from` (another process moved or closed it first).
   */
  moveBoard(channelId: string, from: string, to: string): Promise<boolean> {
    return this.deps.tables.withLock(channelId, async () => {
      const table = await this.load(channelId);
      if (!table || table.status !== 'playing' || table.messageId !== from) return false;
      table.messageId = to;
      await this.save(table, 'board');
      return true;
    });
  }

  /** Close the table without a result (host, or `isModerator`). Throws `not_host`. */
  cancel(channelId: string, actor: Actor, isModerator: boolean): Promise<TableRecord> {
    return this.deps.tables.withLock(channelId, async () => {
      const table = await this.require(channelId);
      if (actor.userId !== table.hostId && !isModerator) throw new Refusal('not_host', 'refusal.not_host_cancel');
      await this.remove(table, 'closed', table.version + 1);
      return table;
    });
  }

  /**
   * Seat a computer player of `level` (default: the game's, `TableGame.botLevel`) in the lobby (host only). Throws
   * `not_host`, `not_in_lobby`, `table_full`.
   */
  addBot(channelId: string, actor: Actor, level?: BotLevel): Promise<TableRecord> {
    return this.lobbyChange(channelId, (table) => {
      this.requireHostInLobby(table, actor, 'refusal.not_host_add_bots');
      if (table.seats.length >= this.engine(table).maxSeats) throw new Refusal('table_full', 'refusal.no_seat_for_bot');
      table.seats.push(newBotSeat(table, level ?? this.engine(table).botLevel));
    });
  }

  /** Remove the last seated computer player from the lobby (host only). Throws `no_bot` when there is none. */
  removeBot(channelId: string, actor: Actor): Promise<TableRecord> {
    return this.lobbyChange(channelId, (table) => {
      this.requireHostInLobby(table, actor, 'refusal.not_host_remove_bots');
      const seat = lastBotSeat(table);
      if (seat < 0) throw new Refusal('no_bot', 'refusal.no_bot');
      table.seats.splice(seat, 1);
    });
  }

  /**
   * Fill the empty seats up to the usual table size (3 players, within the game's limits) with computer
   * players of the game's default level (`TableGame.botLevel`; host only). Throws `table_full` when the table already has that many players.
   */
  fillWithBots(channelId: string, actor: Actor): Promise<TableRecord> {
    return this.lobbyChange(channelId, (table) => {
      this.requireHostInLobby(table, actor, 'refusal.not_host_fill');
      const game = this.engine(table);
      const target = Math.min(game.maxSeats, Math.max(game.minSeats, 3));
      if (table.seats.length >= target)
        throw new Refusal(
          'table_full',
          table.seats.length >= game.maxSeats ? 'refusal.table_full' : 'refusal.enough_players',
          table.seats.length >= game.maxSeats ? undefined : { count: table.seats.length },
        );
      while (table.seats.length < target) table.seats.push(newBotSeat(table, this.engine(table).botLevel));
    });
  }

  /** Stop the computer decisions' workers (shutdown; src/tables/decider.ts). */
  stopDecisions(): Promise<void> {
    return this.decider?.close() ?? Promise.resolve();
  }

  /** A change of the lobby's seats: the note of the last computer seat a person took is dropped first (the change says what happens now). */
  private lobbyChange(channelId: string, change: (table: TableRecord) => void): Promise<TableRecord> {
    return this.change(channelId, 'seats', (table) => {
      delete table.botSeatTaken;
      change(table);
    });
  }

  /** Refuse a change of computer players after the start, or by anyone but the host (`notHost`: the refusal's key). */
  private requireHostInLobby(table: TableRecord, actor: Actor, notHost: string): void {
    if (table.status !== 'lobby') throw new Refusal('not_in_lobby', 'refusal.bots_lobby_only');
    if (actor.userId !== table.hostId) throw new Refusal('not_host', notHost);
  }

  /**
   * Take over the seat of a player who left or is away (any member not seated at the table; a seat whose player left
   * first). `left`: the player had left the game. Throws `already_seated`, `not_playing`, `no_away_seat`.
   */
  takeover(channelId: string, actor: Actor): Promise<{ table: TableRecord; seat: Seat; replaced: string; left: boolean }> {
    return this.deps.tables.withLock(channelId, async () => {
      const table = await this.require(channelId);
      if (table.status !== 'playing') throw new Refusal('not_playing', 'refusal.takeover_not_started');
      if (this.seatOf(table, actor.userId) >= 0) throw new Refusal('already_seated', 'refusal.takeover_seated');
      const leftSeat = table.seats.findIndex((s) => s.left);
      const seat = leftSeat >= 0 ? leftSeat : table.seats.findIndex((s) => s.away);
      if (seat < 0) throw new Refusal('no_away_seat', 'refusal.no_away_seat');
      const away = table.seats[seat] as SeatInfo;
      const replaced = away.userId;
      table.seats[seat] = {
        userId: actor.userId,
        name: actor.name,
        startedBy: away.startedBy ?? { userId: away.userId, name: away.name, at: table.moves.length },
      };
      if (table.hostId === replaced) table.hostId = actor.userId;
      this.bump(table);
      this.rescheduleFor(table, seat);
      await this.save(table, 'seats');
      return { table, seat, replaced, left: Boolean(away.left) };
    });
  }

  /** The channel's last finished game (for My hand after the end), or undefined: none, expired, or not noted. */
  async lastFinished(channelId: string): Promise<FinishedNote | undefined> {
    return this.deps.finished?.get(channelId);
  }

  /**
   * The result of the finished game `recordId` is shown in message `messageId` (posted after the end): My hand links
   * there from now on. Does nothing when the channel's last finished game is another one (or none is noted).
   */
  async resultPosted(channelId: string, recordId: string, messageId: string): Promise<void> {
    const note = await this.deps.finished?.get(channelId);
    if (note?.recordId !== recordId) return;
    await this.deps.finished?.set(channelId, { ...note, messageId });
    await this.deps.events?.publish({ channelId, tableId: recordId, version: note.version ?? 0, kind: 'result' });
  }

  /**
   * Every committed table change of this store, from every process (src/tables/events.ts says how to read them and
   * catch up with `since`); undefined when the service was built without events.
   */
  get events(): TableEvents | undefined {
    return this.deps.events;
  }

  /** An away player comes back: their seat is theirs again. Throws `not_seated`, `not_away`. */
  back(channelId: string, actor: Actor): Promise<TableRecord> {
    return this.change(channelId, 'seats', (table) => {
      const seat = this.seatOf(table, actor.userId);
      const info = table.seats[seat];
      if (!info) throw new Refusal('not_seated', 'refusal.not_playing_here');
      if (!info.away) throw new Refusal('not_away', 'refusal.not_away');
      if (info.left) throw new Refusal('not_seated', 'refusal.left_no_back');
      delete info.away;
      delete info.autoTurns;
      this.rescheduleFor(table, seat);
    });
  }
}

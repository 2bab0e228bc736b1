/**
 * The table layer: one table per channel, lobby → playing → finished. Every change runs under the
 * channel's lock: load → check → apply → save (version + 1). A move is applied and stored whole, or not at all.
 */
import type { BotLevel } from '../bots/types.ts';
import { IllegalMoveError, type Seat } from '../games/types.ts';
import { decisionSeed, humanSeats, newBotSeat } from './bots.ts';
import { AWAY_AFTER_TURNS, DEFAULT_TIMING, DEFAULT_TURN_TIMER_S, dueAt, MAX_TURN_TIMER_S, nextDeadline, type Timing } from './deadlines.ts';
import { TableError } from './errors.ts';
import { decide, gameById, type TableGame } from './games.ts';
import { resolveOptions } from './options.ts';
import type { DeadlineIndex, FinishedGame, ResultStore, SeatInfo, TableRecord, TableStore } from './types.ts';

/** What the table layer needs from outside: storage, a clock and a source of seeds. */
export interface TableDeps {
  tables: TableStore;
  results: ResultStore;
  /** Epoch milliseconds. */
  now: () => number;
  /** A fresh seed for a new table's deals (secret: it determines every hand). */
  newSeed: () => string;
  /** A fresh table id: lowercase letters and digits, at most 16. */
  newId: () => string;
  /** Pauses and budgets (default `DEFAULT_TIMING`). */
  timing?: Partial<Timing>;
  /** A monotonic clock in milliseconds for computer decisions' time budget (default: `now`). */
  monotonic?: () => number;
  /** Where deadlines are indexed for the timer loop (src/store/deadlines.ts); none = no timed events. */
  deadlines?: DeadlineIndex;
  /** Optional: told after moves are stored — the game, who made them, how many (the bot counts them in its metrics). */
  onMove?: (game: string, by: 'person' | 'computer' | 'auto', count: number) => void;
}

/** Table settings that are not game rules. */
export interface TableSettings {
  /** Seconds per move before it is made for the player; 0 = off. Default `DEFAULT_TURN_TIMER_S`. */
  turnTimer?: number;
  /** The weekly game night opening this table (`<guildId>:<occurrence>`); carried into the game's record. */
  nightId?: string;
}

/** Who is acting, as the Discord layer knows them. */
export interface Actor {
  userId: string;
  name: string;
}

/** The outcome of a move: the stored table after it, and the engine's events for narration. */
export interface MoveOutcome {
  table: TableRecord;
  events: unknown[];
  /** The finished-game record when this move ended the game. */
  finished: FinishedGame | null;
}

/** What a due deadline did (`TableService.expire`). */
export type TimerOutcome =
  /** Nothing was due (another process handled it, or the table changed); `table` is the current one, if any. */
  | { kind: 'none'; table: TableRecord | undefined }
  | { kind: 'lobbyClosed'; table: TableRecord }
  /** Half the turn timer has passed: remind `seat`. */
  | { kind: 'reminder'; table: TableRecord; seat: Seat }
  /**
   * The computer moved for `seat`: a bot seat's move, or (`auto`) the turn of a player who ran out of time or is
   * away (`wasAway`). `nowAway`: this timeout made the player away.
   */
  | { kind: 'moved'; seat: Seat; auto: boolean; wasAway: boolean; nowAway: boolean; outcome: MoveOutcome }
  /** Every human at the table is away: the table was closed without a result. */
  | { kind: 'abandoned'; table: TableRecord };

/** `<tableId>.<version>`: what a hand control carries to prove it was rendered for this table as it is now. */
export const stampOf = (table: Pick<TableRecord, 'id' | 'version'>): string => `${table.id}.${table.version}`;

export class TableService {
  /** The timing in force (defaults filled in). */
  readonly timing: Timing;
  /** When each table loaded here was indexed to need attention (its due time at load), so an unchanged one is not written again. */
  private readonly indexedAt = new WeakMap<TableRecord, number | null>();

  constructor(private readonly deps: TableDeps) {
    this.timing = { ...DEFAULT_TIMING, ...deps.timing };
  }

  /**
   * Store the table, indexing its deadline first: if the table write then fails, the extra index entry only
   * makes the timer loop look at an unchanged table (`expire` finds nothing due). A deadline unchanged since the
   * table was loaded is not indexed again (one Redis command less per move; a lost entry is found again by the
   * rebuild at start-up).
   */
  private async save(table: TableRecord): Promise<void> {
    const due = dueAt(table.deadline);
    if (this.indexedAt.get(table) !== due) await this.deps.deadlines?.set(table.channelId, due);
    await this.deps.tables.set(table);
  }

  /** Load the channel's table, remembering its due time as indexed. */
  private async load(channelId: string): Promise<TableRecord | undefined> {
    const table = await this.deps.tables.get(channelId);
    if (table) this.indexedAt.set(table, dueAt(table.deadline));
    return table;
  }

  /** Delete the channel's table, then its index entry (a leftover entry finds no table and is dropped). */
  private async remove(channelId: string): Promise<void> {
    await this.deps.tables.delete(channelId);
    await this.deps.deadlines?.set(channelId, null);
  }

  /** Reschedule when the pending deadline is `seat`'s (another player's running timer is left alone). */
  private rescheduleFor(table: TableRecord, seat: Seat): void {
    const deadline = table.deadline;
    if (deadline && deadline.kind !== 'lobby' && deadline.seat === seat) this.schedule(table);
  }

  /** Set the table's next deadline from whose turn it is now. */
  private schedule(table: TableRecord): void {
    const playing = table.status === 'playing';
    const toAct = playing ? (this.engine(table).toAct(table.state) as Seat[]) : [];
    table.deadline = nextDeadline(table, toAct, this.deps.now(), this.timing, playing ? this.engine(table).turnKey(table.state) : '');
  }

  /** The channel's table, or undefined. */
  get(channelId: string): Promise<TableRecord | undefined> {
    return this.deps.tables.get(channelId);
  }

  /** The channel's table; throws `TableError('no_table')` if there is none. */
  async require(channelId: string): Promise<TableRecord> {
    const table = await this.load(channelId);
    if (!table) throw new TableError('no_table', 'There is no table in this channel. Start one with `/table new`.');
    return table;
  }

  /** The engine of a table. */
  engine(table: TableRecord): TableGame {
    const game = gameById(table.game);
    if (!game) throw new TableError('unknown_game', `This bot does not run ${table.game}.`);
    return game;
  }

  /** The seat of `userId` at `table`, or -1. */
  seatOf(table: TableRecord, userId: string): Seat {
    return table.seats.findIndex((s) => s.userId === userId);
  }

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
    if (!game) throw new TableError('unknown_game', `This bot does not run "${gameId}" yet.`);
    const turnTimer = settings.turnTimer ?? DEFAULT_TURN_TIMER_S;
    if (!Number.isInteger(turnTimer) || turnTimer < 0 || turnTimer > MAX_TURN_TIMER_S)
      throw new TableError('bad_input', `The turn timer must be a whole number of seconds from 0 (off) to ${MAX_TURN_TIMER_S}.`);
    return this.deps.tables.withLock(channel.channelId, async () => {
      const existing = await this.deps.tables.get(channel.channelId);
      if (existing)
        throw new TableError(
          'table_exists',
          `This channel already has a ${this.engine(existing).name} table (${existing.status}). Finish or \`/table cancel\` it first.`,
        );
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
        seed: this.deps.newSeed(),
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
      await this.save(table);
      return table;
    });
  }

  /** Mark a change: version + 1 (so every button rendered before is stale) and the time. */
  private bump(table: TableRecord): void {
    table.version += 1;
    table.updatedAt = this.deps.now();
  }

  /** Load, check the table exists, run `change` on the loaded copy, save it with version + 1. */
  private change(channelId: string, change: (table: TableRecord) => void | Promise<void>): Promise<TableRecord> {
    return this.deps.tables.withLock(channelId, async () => {
      const table = await this.require(channelId);
      await change(table);
      this.bump(table);
      await this.save(table);
      return table;
    });
  }

  /** Take a seat in the lobby. Throws `not_in_lobby`, `already_seated` or `table_full`. */
  join(channelId: string, actor: Actor): Promise<TableRecord> {
    return this.change(channelId, (table) => {
      if (table.status !== 'lobby') throw new TableError('not_in_lobby', 'The game has already started.');
      if (this.seatOf(table, actor.userId) >= 0) throw new TableError('already_seated', 'You are already seated at this table.');
      if (table.seats.length >= this.engine(table).maxSeats) throw new TableError('table_full', 'The table is full.');
      table.seats.push({ userId: actor.userId, name: actor.name });
    });
  }

  /**
   * Leave the lobby. The host leaving hands the table to the next seated player; the last player
   * leaving closes it (returns null).
   */
  async leave(channelId: string, actor: Actor): Promise<TableRecord | null> {
    return this.deps.tables.withLock(channelId, async () => {
      const table = await this.require(channelId);
      if (table.status !== 'lobby')
        throw new TableError(
          'not_in_lobby',
          table.hostId === actor.userId
            ? 'The game has started: to end it, `/table cancel` it.'
            : 'The game has started: ask the host to `/table cancel` it.',
        );
      const seat = this.seatOf(table, actor.userId);
      if (seat < 0) throw new TableError('not_seated', 'You are not seated at this table.');
      table.seats.splice(seat, 1);
      const people = humanSeats(table);
      if (people.length === 0) {
        await this.remove(channelId);
        return null;
      }
      if (table.hostId === actor.userId) table.hostId = (people[0] as { userId: string }).userId;
      this.bump(table);
      await this.save(table);
      return table;
    });
  }

  /** Start the game (host only) once enough players sit. Throws `not_host`, `not_in_lobby`, `not_enough_players`. */
  start(channelId: string, actor: Actor): Promise<TableRecord> {
    return this.change(channelId, (table) => {
      const game = this.engine(table);
      if (table.status !== 'lobby') throw new TableError('not_in_lobby', 'The game has already started.');
      if (actor.userId !== table.hostId) throw new TableError('not_host', 'Only the host can start the game.');
      if (table.seats.length < game.minSeats)
        throw new TableError('not_enough_players', `${game.name} needs ${game.minSeats} players; ${table.seats.length} seated.`);
      table.state = game.setup(table.options, table.seats.length, table.seed);
      table.status = 'playing';
      table.startedAt = this.deps.now();
      this.schedule(table);
    });
  }

  /** Remember the public table message's id. */
  setMessage(channelId: string, messageId: string): Promise<TableRecord> {
    return this.change(channelId, (table) => {
      table.messageId = messageId;
    });
  }

  /** Close the table without a result (host, or `isModerator`). Throws `not_host`. */
  cancel(channelId: string, actor: Actor, isModerator: boolean): Promise<TableRecord> {
    return this.deps.tables.withLock(channelId, async () => {
      const table = await this.require(channelId);
      if (actor.userId !== table.hostId && !isModerator)
        throw new TableError('not_host', 'Only the host or a member with Manage Messages can cancel the table.');
      await this.remove(channelId);
      return table;
    });
  }

  /**
   * Make a move for the actor's seat. `stamp` is the table id and version the button was rendered at
   * (`stampOf`): a different stamp means the button is stale (or from another game) and nothing is applied. Throws `TableError`
   * (no_table, not_playing, not_seated, stale) or `IllegalMoveError` with the engine's reason.
   * When the move ends the game, the finished record is stored and the channel freed, under the same lock.
   */
  act(channelId: string, actor: Actor, stamp: string, move: unknown): Promise<MoveOutcome> {
    return this.deps.tables.withLock(channelId, async () => {
      const table = await this.require(channelId);
      if (table.status !== 'playing') throw new TableError('not_playing', 'The game has not started yet.');
      const seat = this.seatOf(table, actor.userId);
      if (seat < 0) throw new TableError('not_seated', 'You are not playing at this table.');
      if (stamp !== stampOf(table)) throw new TableError('stale', 'That button is from an earlier turn: the table has moved on.');
      const events = this.applyMove(table, seat, move);
      const info = table.seats[seat];
      if (info) {
        delete info.away;
        delete info.autoTurns;
      }
      const outcome = await this.store(table, events);
      this.deps.onMove?.(table.game, 'person', 1);
      return outcome;
    });
  }

  /** Apply one move to the loaded table (not stored yet); throws `IllegalMoveError` with the engine's reason. */
  private applyMove(table: TableRecord, seat: Seat, move: unknown): unknown[] {
    const applied = this.engine(table).apply(table.state, seat, move);
    if (!applied.ok) throw new IllegalMoveError(applied.reason);
    table.state = applied.state;
    table.moves.push({ seat, move });
    return applied.events;
  }

  /**
   * Store the table after moves: version + 1 and the next deadline; when the game is over, append the
   * finished record and free the channel instead (under the caller's lock).
   */
  private async store(table: TableRecord, events: unknown[]): Promise<MoveOutcome> {
    const game = this.engine(table);
    this.bump(table);
    const result = game.result(table.state);
    if (result === null) {
      this.schedule(table);
      await this.save(table);
      return { table, events, finished: null };
    }
    table.status = 'finished';
    table.deadline = null;
    const finished: FinishedGame = {
      id: table.id,
      guildId: table.guildId,
      channelId: table.channelId,
      game: table.game,
      options: table.options,
      seats: table.seats,
      startedAt: table.startedAt ?? table.createdAt,
      finishedAt: table.updatedAt,
      seed: table.seed,
      moves: table.moves,
      result,
      ...(table.nightId ? { nightId: table.nightId } : {}),
    };
    await this.deps.results.append(finished);
    await this.remove(table.channelId);
    return { table, events, finished };
  }

  /** The move the computer makes for `seat` now, at `level`, from that seat's view only. */
  private computerMove(table: TableRecord, seat: Seat, level: BotLevel): unknown {
    const clock = this.deps.monotonic ?? this.deps.now;
    return decide(table.game, level, this.view(table, seat), {
      seed: decisionSeed(table, table.moves.length),
      budgetMs: this.timing.decisionBudgetMs,
      now: clock,
    });
  }

  /**
   * Handle the channel's deadline if it is due (any process may call this; the lock and the stored deadline
   * make it happen once): close an unstarted lobby, remind a player at half time, make a computer seat's
   * move, or play the whole turn of a player who ran out of time (`auto`; after `AWAY_AFTER_TURNS` in a row
   * the player is away, and when every person is away the table is closed without a result).
   */
  expire(channelId: string): Promise<TimerOutcome> {
    return this.deps.tables.withLock(channelId, async (): Promise<TimerOutcome> => {
      const table = await this.load(channelId);
      const deadline = table?.deadline;
      const now = this.deps.now();
      if (!table || !deadline) {
        // Nothing to do: make the index agree with the table (under its lock, so no newer deadline is overwritten).
        await this.deps.deadlines?.set(channelId, dueAt(deadline));
        return { kind: 'none', table };
      }
      if (deadline.kind === 'turn' && deadline.remindAt !== null && deadline.remindAt <= now && deadline.at > now) {
        // Only the timer's own bookkeeping changes: no version bump, so the hand the player has open stays playable.
        deadline.remindAt = null;
        await this.save(table);
        return { kind: 'reminder', table, seat: deadline.seat };
      }
      if (deadline.at > now) {
        await this.deps.deadlines?.set(channelId, dueAt(deadline));
        return { kind: 'none', table };
      }
      if (deadline.kind === 'lobby') {
        if (table.status !== 'lobby') return { kind: 'none', table };
        await this.remove(channelId);
        return { kind: 'lobbyClosed', table };
      }
      const seat = deadline.seat;
      const info = table.seats[seat];
      const toAct = this.engine(table).toAct(table.state) as Seat[];
      if (!info || table.status !== 'playing' || toAct[0] !== seat) {
        this.schedule(table);
        await this.save(table);
        return { kind: 'none', table };
      }
      if (deadline.kind === 'bot') {
        const events = this.applyMove(table, seat, this.computerMove(table, seat, info.bot ?? 'strong'));
        const outcome = await this.store(table, events);
        this.deps.onMove?.(table.game, info.bot ? 'computer' : 'auto', 1);
        return { kind: 'moved', seat, auto: !info.bot, wasAway: Boolean(info.away), nowAway: false, outcome };
      }
      // The turn timer ran out: play the rest of this seat's turn for them (that turn only).
      const events: unknown[] = [];
      const engine = this.engine(table);
      const movesBefore = table.moves.length;
      const turn = engine.turnKey(table.state);
      const sameTurn = () =>
        engine.result(table.state) === null && (engine.toAct(table.state) as Seat[])[0] === seat && engine.turnKey(table.state) === turn;
      for (let i = 0; i < 50 && sameTurn(); i++) events.push(...this.applyMove(table, seat, this.computerMove(table, seat, 'strong')));
      info.autoTurns = (info.autoTurns ?? 0) + 1;
      const nowAway = info.autoTurns >= AWAY_AFTER_TURNS;
      if (nowAway) info.away = true;
      if (engine.result(table.state) === null && humanSeats(table).every((s) => s.away)) {
        this.bump(table);
        await this.remove(channelId);
        return { kind: 'abandoned', table };
      }
      const outcome = await this.store(table, events);
      this.deps.onMove?.(table.game, 'auto', table.moves.length - movesBefore);
      return { kind: 'moved', seat, auto: true, wasAway: false, nowAway, outcome };
    });
  }

  /** Seat a computer player of `level` in the lobby (host only). Throws `not_host`, `not_in_lobby`, `table_full`. */
  addBot(channelId: string, actor: Actor, level: BotLevel): Promise<TableRecord> {
    return this.change(channelId, (table) => {
      this.requireHostInLobby(table, actor, 'add computer players');
      if (table.seats.length >= this.engine(table).maxSeats)
        throw new TableError('table_full', 'The table is full: there is no seat for a computer player.');
      table.seats.push(newBotSeat(table, level));
    });
  }

  /** Remove the last seated computer player from the lobby (host only). Throws `no_bot` when there is none. */
  removeBot(channelId: string, actor: Actor): Promise<TableRecord> {
    return this.change(channelId, (table) => {
      this.requireHostInLobby(table, actor, 'remove computer players');
      const seat = table.seats.map((s) => Boolean(s.bot)).lastIndexOf(true);
      if (seat < 0) throw new TableError('no_bot', 'There is no computer player at this table to remove.');
      table.seats.splice(seat, 1);
    });
  }

  /**
   * Fill the empty seats up to the usual table size (3 players, within the game's limits) with strong computer
   * players (host only). Throws `table_full` when the table already has that many players.
   */
  fillWithBots(channelId: string, actor: Actor): Promise<TableRecord> {
    return this.change(channelId, (table) => {
      this.requireHostInLobby(table, actor, 'fill the table with computer players');
      const game = this.engine(table);
      const target = Math.min(game.maxSeats, Math.max(game.minSeats, 3));
      if (table.seats.length >= target)
        throw new TableError(
          'table_full',
          table.seats.length >= game.maxSeats
            ? 'The table is full.'
            : `The table already has ${table.seats.length} players; add more with \`/table bot add\`.`,
        );
      while (table.seats.length < target) table.seats.push(newBotSeat(table, 'strong'));
    });
  }

  private requireHostInLobby(table: TableRecord, actor: Actor, what: string): void {
    if (table.status !== 'lobby') throw new TableError('not_in_lobby', `The game has started: computer players can only be changed in the lobby.`);
    if (actor.userId !== table.hostId) throw new TableError('not_host', `Only the host can ${what}.`);
  }

  /**
   * Take over the seat of a player who is away (any member not seated at the table). Throws `already_seated`,
   * `not_playing`, `no_away_seat`.
   */
  takeover(channelId: string, actor: Actor): Promise<{ table: TableRecord; seat: Seat; replaced: string }> {
    return this.deps.tables.withLock(channelId, async () => {
      const table = await this.require(channelId);
      if (table.status !== 'playing') throw new TableError('not_playing', 'The game has not started yet: join it instead.');
      if (this.seatOf(table, actor.userId) >= 0) throw new TableError('already_seated', 'You already play at this table.');
      const seat = table.seats.findIndex((s) => s.away);
      if (seat < 0) throw new TableError('no_away_seat', 'Nobody at this table is away; there is no seat to take over.');
      const away = table.seats[seat] as SeatInfo;
      const replaced = away.userId;
      table.seats[seat] = { userId: actor.userId, name: actor.name, startedBy: away.startedBy ?? { userId: away.userId, name: away.name } };
      if (table.hostId === replaced) table.hostId = actor.userId;
      this.bump(table);
      this.rescheduleFor(table, seat);
      await this.save(table);
      return { table, seat, replaced };
    });
  }

  /** An away player comes back: their seat is theirs again. Throws `not_seated`, `not_away`. */
  back(channelId: string, actor: Actor): Promise<TableRecord> {
    return this.change(channelId, (table) => {
      const seat = this.seatOf(table, actor.userId);
      const info = table.seats[seat];
      if (!info) throw new TableError('not_seated', 'You are not playing at this table.');
      if (!info.away) throw new TableError('not_away', 'You are not away: your seat is yours.');
      delete info.away;
      delete info.autoTurns;
      this.rescheduleFor(table, seat);
    });
  }

  /** Finished games of a guild, oldest first. */
  results(guildId: string): Promise<FinishedGame[]> {
    return this.deps.results.list(guildId);
  }

  /** The engine's view of the table for `seat` (null = public). */
  view(table: TableRecord, seat: Seat | null): unknown {
    return this.engine(table).view(table.state, seat);
  }
}

/**
 * The table layer: one table per channel, lobby → playing → finished. Every change runs under the
 * channel's lock: load → check → apply → save (version + 1). A move is applied and stored whole, or not at all.
 */
import { IllegalMoveError, type Seat } from '../games/types.ts';
import { type AnyGame, defaultOptions, gameById } from '../games/registry.ts';
import { TableError } from './errors.ts';
import type { FinishedGame, ResultStore, SeatInfo, TableRecord, TableStore } from './types.ts';

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

/**
 * The game's options: its defaults overridden by `given`. Throws `TableError('bad_input')` for an option of
 * another game or a value outside the option's limits.
 */
export function resolveOptions(game: AnyGame, given: Record<string, unknown>): Record<string, unknown> {
  const options = defaultOptions(game);
  for (const [key, value] of Object.entries(given)) {
    const spec = game.options.find((o) => o.key === key);
    if (!spec) throw new TableError('bad_input', `${game.name} has no option "${key}".`);
    const step = spec.type === 'integer' ? (spec.step ?? 1) : 1;
    const ok =
      spec.type === 'boolean'
        ? typeof value === 'boolean'
        : Number.isInteger(value) && (value as number) >= spec.min && (value as number) <= spec.max && ((value as number) - spec.min) % step === 0;
    if (!ok)
      throw new TableError(
        'bad_input',
        spec.type === 'integer'
          ? `${spec.description} must be a whole number from ${spec.min} to ${spec.max}${step > 1 ? ` in steps of ${step}` : ''}.`
          : `${spec.description} must be on or off.`,
      );
    options[key] = value;
  }
  return options;
}

/** `<tableId>.<version>`: what a hand control carries to prove it was rendered for this table as it is now. */
export const stampOf = (table: Pick<TableRecord, 'id' | 'version'>): string => `${table.id}.${table.version}`;

export class TableService {
  constructor(private readonly deps: TableDeps) {}

  /** The channel's table, or undefined. */
  get(channelId: string): Promise<TableRecord | undefined> {
    return this.deps.tables.get(channelId);
  }

  /** The channel's table; throws `TableError('no_table')` if there is none. */
  async require(channelId: string): Promise<TableRecord> {
    const table = await this.deps.tables.get(channelId);
    if (!table) throw new TableError('no_table', 'There is no table in this channel. Start one with `/table new`.');
    return table;
  }

  /** The engine of a table. */
  engine(table: TableRecord): AnyGame {
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
  create(channel: { guildId: string; channelId: string }, host: Actor, gameId: string, options: Record<string, unknown> = {}): Promise<TableRecord> {
    const game = gameById(gameId);
    if (!game) throw new TableError('unknown_game', `This bot does not run "${gameId}" yet.`);
    return this.deps.tables.withLock(channel.channelId, async () => {
      const existing = await this.deps.tables.get(channel.channelId);
      if (existing)
        throw new TableError('table_exists', `This channel already has a ${this.engine(existing).name} table (${existing.status}). Finish or \`/table cancel\` it first.`);
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
        messageId: null,
        createdAt: now,
        startedAt: null,
        updatedAt: now,
      };
      await this.deps.tables.set(table);
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
      await this.deps.tables.set(table);
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
      if (table.status !== 'lobby') throw new TableError('not_in_lobby', 'The game has started: ask the host to `/table cancel` it.');
      const seat = this.seatOf(table, actor.userId);
      if (seat < 0) throw new TableError('not_seated', 'You are not seated at this table.');
      table.seats.splice(seat, 1);
      if (table.seats.length === 0) {
        await this.deps.tables.delete(channelId);
        return null;
      }
      if (table.hostId === actor.userId) table.hostId = (table.seats[0] as SeatInfo).userId;
      this.bump(table);
      await this.deps.tables.set(table);
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
      await this.deps.tables.delete(channelId);
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
      const game = this.engine(table);
      const applied = game.apply(table.state, seat, move);
      if (!applied.ok) throw new IllegalMoveError(applied.reason);
      table.state = applied.state;
      table.moves.push({ seat, move });
      this.bump(table);
      const result = game.result(applied.state);
      let finished: FinishedGame | null = null;
      if (result !== null) {
        table.status = 'finished';
        finished = {
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
        };
        await this.deps.results.append(finished);
        await this.deps.tables.delete(channelId);
      } else {
        await this.deps.tables.set(table);
      }
      return { table, events: applied.events, finished };
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

/**
 * The table layer's common ground: its dependencies, loading and storing a table under the channel's lock, the
 * engine of a table, whose seat is whose and when the next deadline is. The jobs are built on it: moves
 * (src/tables/moves.ts), deadlines that came due (src/tables/expiry.ts), lobby and seats (src/tables/service.ts,
 * `TableService`, the class the rest of the bot uses).
 */
import { gameById, type TableGame } from './games.ts';
import type { Seat } from '../games/types.ts';
import { DEFAULT_TIMING, nextDeadline, type Timing } from './deadlines.ts';
import { Refusal } from '../refusal.ts';
import type { Seen, TableChangeKind, TableEvents } from './events.ts';
import type { CatchUp, DeadlineIndex, FinishedNotes, ResultStore, TableRecord, TableStore } from './types.ts';

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
  /** A monotonic clock in milliseconds for computer decisions' time budget when they run inline (default: `now`). */
  monotonic?: () => number;
  /** Worker threads for computer decisions (`BOT_WORKERS`, src/tables/decider.ts); default 0: inline, timed by `monotonic`. */
  decisionWorkers?: number;
  /** Where deadlines are indexed for the timer loop (src/store/deadlines.ts); none = no timed events. */
  deadlines?: DeadlineIndex;
  /** Where the channel's last finished game is noted for My hand after the end; none = not noted. */
  finished?: FinishedNotes;
  /**
   * The store's table change events (src/store/events.ts): what `TableService.events` hands to readers, and where a
   * change stored outside the table (a result posted) is published. None = the table layer publishes only through
   * `tables`.
   */
  events?: TableEvents;
  /** Optional: told after moves are stored — the game, who made them, how many (the bot counts them in its metrics). */
  onMove?: (game: string, by: 'person' | 'computer' | 'auto', count: number) => void;
}

/** Table settings that are not game rules. */
export interface TableSettings {
  /** Seconds per move before it is made for the player; 0 = off. Default `DEFAULT_TURN_TIMER_S`. */
  turnTimer?: number;
  /** The weekly game night opening this table (`<guildId>:<occurrence>`); carried into the game's record. */
  nightId?: string;
  /**
   * The table's seed instead of a fresh one: a duplicate night's tables share the first table's seed, so they play
   * the same deals (src/weekly/start.ts). Secret like any seed.
   */
  seed?: string;
}

/** Who is acting, as the Discord layer knows them. */
export interface Actor {
  userId: string;
  name: string;
}

/** `<tableId>.<version>`: what a hand control carries to prove it was rendered for this table as it is now. */
export const stampOf = (table: Pick<TableRecord, 'id' | 'version'>): string => `${table.id}.${table.version}`;

/** The common ground of the table layer's jobs (see the file's comment). */
export abstract class TableCore {
  /** The timing in force (defaults filled in). */
  readonly timing: Timing;

  constructor(protected readonly deps: TableDeps) {
    this.timing = { ...DEFAULT_TIMING, ...deps.timing };
  }

  /** Store the table (the store keeps the deadline index in step); once stored, the change `kind` is published. */
  protected async save(table: TableRecord, kind: TableChangeKind): Promise<void> {
    await this.deps.tables.set(table, kind);
  }

  /** Load the channel's table. */
  protected load(channelId: string): Promise<TableRecord | undefined> {
    return this.deps.tables.get(channelId);
  }

  /**
   * Delete the channel's table (and its deadline index entry), and forget the channel's last finished game: a table
   * closed without a result leaves "no table"; a finished game notes itself again after this (src/tables/moves.ts).
   * Once deleted, the change is published as `kind` with `version` (the version after the table's last stored
   * one: `table.version` when the caller bumped it, otherwise `table.version + 1`).
   */
  protected async remove(table: TableRecord, kind: 'finished' | 'closed', version: number): Promise<void> {
    await this.deps.tables.delete(table.channelId, { tableId: table.id, version, kind });
    await this.deps.finished?.delete(table.channelId).catch(() => undefined);
  }

  /** Reschedule when the pending deadline is `seat`'s (another player's running timer is left alone). */
  protected rescheduleFor(table: TableRecord, seat: Seat): void {
    const deadline = table.deadline;
    if (deadline && deadline.kind !== 'lobby' && deadline.seat === seat) this.schedule(table);
  }

  /** Set the table's next deadline from whose turn it is now. */
  protected schedule(table: TableRecord): void {
    const playing = table.status === 'playing';
    const toAct = playing ? (this.engine(table).toAct(table.state) as Seat[]) : [];
    table.deadline = nextDeadline(table, toAct, this.deps.now(), this.timing, playing ? this.engine(table).turnKey(table.state) : '');
  }

  /** The channel's table, or undefined. */
  get(channelId: string): Promise<TableRecord | undefined> {
    return this.deps.tables.get(channelId);
  }

  /** The channel's table; throws `Refusal('no_table')` if there is none. */
  async require(channelId: string): Promise<TableRecord> {
    const table = await this.load(channelId);
    if (!table) throw new Refusal('no_table', 'refusal.no_table');
    return table;
  }

  /** The engine of a table. */
  engine(table: TableRecord): TableGame {
    const game = gameById(table.game);
    if (!game) throw new Refusal('unknown_game', 'refusal.unknown_game', { game: table.game });
    return game;
  }

  /** The seat of `userId` at `table`, or -1. */
  seatOf(table: TableRecord, userId: string): Seat {
    return table.seats.findIndex((s) => s.userId === userId);
  }

  /** Mark a change: version + 1 (so every button rendered before is stale) and the time. */
  protected bump(table: TableRecord): void {
    table.version += 1;
    table.updatedAt = this.deps.now();
  }

  /** Load, check the table exists, run `change` on the loaded copy, save it with version + 1 as a change of `kind`. */
  protected change(channelId: string, kind: TableChangeKind, change: (table: TableRecord) => void | Promise<void>): Promise<TableRecord> {
    return this.deps.tables.withLock(channelId, async () => {
      const table = await this.require(channelId);
      await change(table);
      this.bump(table);
      await this.save(table, kind);
      return table;
    });
  }

  /**
   * Catch up on a channel after missed events (src/tables/events.ts): the stored table compared with the one last
   * shown (`seen`: its id and version; null = none shown). `changed` when the stored table is another one or newer,
   * `unchanged` when it is the one seen at that version (a change without a version bump, e.g. the board moved,
   * shows in its fields), `gone` when the channel has no table now.
   */
  async since(channelId: string, seen: Seen | null): Promise<CatchUp> {
    const table = await this.load(channelId);
    if (!table) return { status: 'gone' };
    if (seen && table.id === seen.tableId && table.version <= seen.version) return { status: 'unchanged', table };
    return { status: 'changed', table };
  }

  /** The engine's view of the table for `seat` (null = public). */
  view(table: TableRecord, seat: Seat | null): unknown {
    return this.engine(table).view(table.state, seat);
  }
}

/**
 * Tables: one per channel, lobby → playing → finished. A table record is plain JSON, stored whole.
 */
import type { BotLevel } from '../bots/types.ts';
import type { Seat } from '../games/types.ts';
import type { GameId } from './games.ts';
import type { TableChangeKind, TableEvent } from './events.ts';

/**
 * A seat. `name` is the player's display name when they joined. A computer player has `bot` set (its level)
 * and a `userId` of the form `bot:<n>`, which no Discord user can have.
 */
export interface SeatInfo {
  userId: string;
  name: string;
  bot?: BotLevel;
  /** A human seat whose moves are being made by the game's default computer level (after too many timed-out turns). */
  away?: boolean;
  /** Turns in a row this human seat ran out of time (reset by any move of their own). */
  autoTurns?: number;
  /**
   * The person left the running game (`/table leave`): the seat is `away` for good (no **I'm back**), the computer
   * plays it until someone takes it over, and its result counts as docs/playing.md § Results that were earned says.
   */
  left?: boolean;
  /**
   * The person who sat here when the game started, once someone else has taken the seat over (`/table takeover`).
   * The seat's result is theirs on the scoreboard: a takeover cannot collect someone else's win, and leaving a
   * game does not escape its loss. `at`: how many moves the log held when the seat was taken over (the moves of the
   * seat before it are the starter's own; absent in tables taken over before it was kept).
   */
  startedBy?: { userId: string; name: string; at?: number };
}

/**
 * The table's next timed event (stored with the table, so it survives a restart):
 * - `lobby`: the lobby closes itself at `at` if not started;
 * - `bot`: the computer (a bot seat, or an away player's seat) makes `seat`'s move at `at`;
 * - `turn`: `seat` is reminded at `remindAt` (half time; null once reminded) and the rest of its turn is played
 *   for it at `at`.
 * Times are epoch milliseconds.
 */
export type Deadline =
  | { kind: 'lobby'; at: number }
  | { kind: 'bot'; seat: Seat; at: number }
  /** `turn`: the engine's turn key when the timer started (one timer per turn, however many moves it takes). */
  | { kind: 'turn'; seat: Seat; at: number; remindAt: number | null; turn: string };

export type TableStatus = 'lobby' | 'playing' | 'finished';

/**
 * One logged move: which seat made it and the engine move. `by: 'computer'` marks a move the computer made for a
 * person's seat (their turn timer ran out, they were away or had left); a computer player's own moves and a
 * person's own moves carry no `by`. `timeout` marks the last move of a turn the timer played for a person who ran out
 * of time: `auto`, or `away` when that timeout made them away (the board's "(auto)" line is told from it).
 */
export interface LoggedMove {
  seat: Seat;
  move: unknown;
  by?: 'computer';
  timeout?: 'auto' | 'away';
}

/**
 * The stored table. `version` goes up by one with every change and is carried in every button, so a
 * button from an older message is recognised as stale. `state` is the engine state (null in the lobby);
 * `seed` + `moves` rebuild it exactly. Stored with a schema version and checked at load (src/store/schema.ts).
 */
export interface TableRecord {
  /** A random id of this table (not its seed, which stays secret), short lowercase letters and digits. */
  id: string;
  channelId: string;
  guildId: string;
  game: GameId;
  /** The options chosen at `/table new`, with the game's fixed options added when it starts (`GameDefinition.fixedOptions`). */
  options: Record<string, unknown>;
  /** In seat order: the order players joined, reordered when the game starts if it seats them by a draw (Rommé). */
  seats: SeatInfo[];
  hostId: string;
  status: TableStatus;
  version: number;
  seed: string;
  moves: LoggedMove[];
  state: unknown;
  /** Seconds a human has for each move before it is made for them; 0 = no timer. */
  turnTimer: number;
  /** The next timed event, or null. */
  deadline: Deadline | null;
  /** The public table message in the channel (lobby, then play), once posted. */
  messageId: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
  startedAt: number | null;
  updatedAt: number;
  /** The weekly game night this table belongs to (`<guildId>:<occurrence>`), if it was opened by one. */
  nightId?: string;
  /** A practice table replaying a finished game (src/tables/practice.ts): never recorded on the scoreboard. */
  practice?: PracticeSource;
  /**
   * Lobby only: the person who last took a computer player's seat (`TableService.join`) and that computer player's
   * name, shown on the lobby message until the lobby's next change.
   */
  botSeatTaken?: { userId: string; bot: string };
}

/**
 * What a practice table replays: the finished game's record id, the move it starts after (`fromMove` moves of
 * `moves` were replayed; 0 = from the start), and the real game's seats, whole move log and result, to show both
 * results side by side at the end.
 */
export interface PracticeSource {
  recordId: string;
  fromMove: number;
  seats: SeatInfo[];
  moves: LoggedMove[];
  result: unknown;
}

/** A finished game as kept for the scoreboard (per guild). */
export interface FinishedGame {
  id: string;
  guildId: string;
  channelId: string;
  game: GameId;
  options: Record<string, unknown>;
  seats: SeatInfo[];
  startedAt: number;
  finishedAt: number;
  seed: string;
  moves: LoggedMove[];
  /** The game's own result (Réunion: `ReunionResult`, units per seat). */
  result: unknown;
  /** The weekly game night the game was played at, if any. */
  nightId?: string;
}

/** Storage the table layer needs; implemented in src/store/tables.ts. */
export interface TableStore {
  /** The stored table as a fresh object the caller may change (nothing is stored until `set`). */
  get(channelId: string): Promise<TableRecord | undefined>;
  /**
   * Store the table and index its deadline (`DeadlineIndex`). `kind` names the change: once stored, it is published
   * as a `TableEvent` (src/tables/events.ts) with the record's version; without it nothing is published.
   */
  set(record: TableRecord, kind?: TableChangeKind): Promise<void>;
  /**
   * Delete the channel's table and its index entry. `last` names the change and the table it removed; once the
   * delete is stored it is published as a `TableEvent`; without it nothing is published.
   */
  delete(channelId: string, last?: Omit<TableEvent, 'channelId'>): Promise<void>;
  /**
   * Run `fn` while holding the channel's lock, so changes to one table never interleave (across processes when the
   * store is shared). Inside it, `get`/`set`/`delete` of that channel work on the copy read with the lock, and the
   * last `set` or `delete` is stored when `fn` returns, with the lock's release, as one step — and then its event
   * published, once; nothing is stored or published when `fn` throws or the write is refused.
   */
  withLock<T>(channelId: string, fn: () => Promise<T>): Promise<T>;
}

/** Where finished games go. Writing the record and freeing the channel happen under the table lock. */
export interface ResultStore {
  append(game: FinishedGame): Promise<void>;
  list(guildId: string): Promise<FinishedGame[]>;
}

/**
 * A channel's last finished game, kept for a while after its table is gone: its record id (`/replay <id>`; also the
 * table id in the stamps of its hands), the game, when it ended (epoch ms) and the message that shows its result
 * (null when the table never had a message).
 */
export interface FinishedNote {
  recordId: string;
  game: GameId;
  finishedAt: number;
  messageId: string | null;
  /** The table's version when it ended (the `finished` event's); absent in notes written before it was kept. */
  version?: number;
}

/** Where the last finished game of each channel is kept, with an expiry (implemented in src/store/finished.ts). */
export interface FinishedNotes {
  /** The channel's last finished game, or undefined (none, or expired). */
  get(channelId: string): Promise<FinishedNote | undefined>;
  /** Remember `note` as the channel's last finished game (replacing the one before). */
  set(channelId: string, note: FinishedNote): Promise<void>;
  /** Forget the channel's last finished game. */
  delete(channelId: string): Promise<void>;
}

/** Index of table deadlines: which channel needs attention when (implemented in src/store/deadlines.ts). */
export interface DeadlineIndex {
  /** Record when the channel's table next needs attention (epoch ms), or forget it (null). */
  set(channelId: string, at: number | null): Promise<void>;
  /** Channels due at `now` (at most `limit`, earliest first). */
  due(now: number, limit: number): Promise<string[]>;
}

/** What `TableService.since` found for a channel. */
export type CatchUp =
  /** The stored table is the one seen, at the version seen (or an older one). */
  | { status: 'unchanged'; table: TableRecord }
  /** The stored table is newer than what was seen, or another table of the channel: show it. */
  | { status: 'changed'; table: TableRecord }
  /** The channel has no table now: the one seen finished or was closed. */
  | { status: 'gone' };

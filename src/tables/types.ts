/**
 * Tables: one per channel, lobby → playing → finished. A table record is plain JSON, stored whole.
 */
import type { GameId, Seat } from '../games/types.ts';

/** A seated player. `name` is their display name when they joined. */
export interface SeatInfo {
  userId: string;
  name: string;
}

export type TableStatus = 'lobby' | 'playing' | 'finished';

/** One logged move: which seat made it and the engine move. */
export interface LoggedMove {
  seat: Seat;
  move: unknown;
}

/**
 * The stored table. `version` goes up by one with every change and is carried in every button, so a
 * button from an older message is recognised as stale. `state` is the engine state (null in the lobby);
 * `seed` + `moves` rebuild it exactly.
 */
export interface TableRecord {
  /** A random id of this table (not its seed, which stays secret), short lowercase letters and digits. */
  id: string;
  channelId: string;
  guildId: string;
  game: GameId;
  options: Record<string, unknown>;
  seats: SeatInfo[];
  hostId: string;
  status: TableStatus;
  version: number;
  seed: string;
  moves: LoggedMove[];
  state: unknown;
  /** The public table message in the channel (lobby, then play), once posted. */
  messageId: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
  startedAt: number | null;
  updatedAt: number;
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
}

/** Storage the table layer needs; implemented in src/store. */
export interface TableStore {
  /** The stored table as a fresh object the caller may change (nothing is stored until `set`). */
  get(channelId: string): Promise<TableRecord | undefined>;
  set(record: TableRecord): Promise<void>;
  delete(channelId: string): Promise<void>;
  /**
   * Run `fn` while holding the channel's lock, so changes to one table never interleave
   * (across processes when the store is shared).
   */
  withLock<T>(channelId: string, fn: () => Promise<T>): Promise<T>;
}

/** Where finished games go. Writing the record and freeing the channel happen under the table lock. */
export interface ResultStore {
  append(game: FinishedGame): Promise<void>;
  list(guildId: string): Promise<FinishedGame[]>;
}

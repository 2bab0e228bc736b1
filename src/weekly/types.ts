/**
 * The weekly game night: a guild's standing appointment (game, weekday, time, time zone, channel), which the bot
 * announces (a Discord scheduled event and two reminders with sign-up buttons), seats (tables in threads of the
 * channel at the start time) and scores (the night's standings once its tables are over).
 *
 * Times are epoch milliseconds; local dates and times are in the night's IANA time zone.
 */
import type { GameId } from '../tables/games.ts';
import type { BoardRow, BoardSort } from '../records/types.ts';
import type { TableRecord } from '../tables/types.ts';

/** Weekdays in ISO order (Monday first); the slash command's choices. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * One occurrence of the night. `id` is its local date (`yyyy-MM-dd` in the night's time zone), unique per guild
 * since a night happens once a week; `startsAt` the start instant.
 */
export interface Occurrence {
  id: string;
  startsAt: number;
}

/**
 * How a night is played and ranked: `plain` (tables of their own deals, standings by the game's measure) or
 * `duplicate` (every table plays the same deals, standings by the duplicate score: src/weekly/duplicate.ts).
 */
export const NIGHT_FORMATS = ['plain', 'duplicate'] as const;
export type NightFormat = (typeof NIGHT_FORMATS)[number];

/** The upcoming occurrence and the guild scheduled event announcing it (null: none could be created, or paused). */
export interface UpcomingNight extends Occurrence {
  eventId: string | null;
}

/** A guild's weekly night, as `/weekly setup` stored it (key `weekly:{<guildId>}`). */
export interface WeeklyConfig {
  guildId: string;
  game: GameId;
  day: Weekday;
  /** Local start time `HH:MM` (24-hour). */
  time: string;
  /** IANA time zone, e.g. `Europe/Berlin` (also the guild's scoreboard zone). */
  timeZone: string;
  /** The text channel of reminders, threads and standings. */
  channelId: string;
  /** The role mentioned in reminders, if any. */
  roleId: string | null;
  paused: boolean;
  /** When the config was set up or last resumed: a reminder due before this is not posted late. */
  since: number;
  /** The occurrence the bot works towards (reminders, start); moved on once it has started (or was skipped). */
  next: UpcomingNight;
  /** Occurrences whose tables are still being played (their standings are not posted yet). */
  active: string[];
  /** Who set it up (user id). */
  setBy: string;
  /** Bumped by every `/weekly setup`: a night state of an earlier set-up is replaced before it starts (absent = 0). */
  rev?: number;
  /** How the nights are played (absent = `plain`, as set-ups before duplicate nights). */
  format?: NightFormat;
}

/** What the runner does for an occurrence, once each: the two reminders and the start (seating the tables). */
export type Phase = 'remind24h' | 'remind1h' | 'start';

/** A player who pressed "I'm in" (display name at the time). */
export interface SignUp {
  userId: string;
  name: string;
}

/** A table the night opened: its thread (= the table's channel), the table's id and who sits there. */
export interface NightTable {
  threadId: string;
  tableId: string;
  /** Who sits there, in seat order (computer players included). */
  seats: { userId: string; name: string; bot: boolean }[];
}

/**
 * One occurrence's state (key `weekly:{<guildId>}:night:<occurrence id>`): sign-ups, the reminder messages that
 * show their count, then the tables and finally whether the standings went out.
 */
export interface NightState {
  guildId: string;
  id: string;
  game: GameId;
  startsAt: number;
  timeZone: string;
  channelId: string;
  signUps: SignUp[];
  /** Reminder messages in the channel (edited to show the sign-ups) and when each was posted. */
  reminders: { messageId: string; postedAt: number }[];
  /** Bumped with every change of the sign-ups (a reminder edit showing an older count is skipped). */
  version: number;
  /** open: taking sign-ups; playing: tables seated; finished: standings posted; empty: nobody signed up; skipped: missed start. */
  status: 'open' | 'playing' | 'finished' | 'empty' | 'skipped';
  tables: NightTable[];
  /** The config's `rev` this state was made for (absent = 0). */
  rev?: number;
  /** Reminder messages of a replaced set-up of this date: their buttons are refused as stale. */
  retired?: string[];
  /** How the night is played (absent = `plain`). A duplicate night's tables share one seed, kept only in the tables. */
  format?: NightFormat;
}

/** One player's line of a night's standings: games, wins and the sum of the game's measure (src/records/types.ts). */
export interface NightRow {
  playerId: string;
  name: string;
  bot: boolean;
  games: number;
  wins: number;
  /** Sum of the game's measure over the night: units (Réunion), game points (Dreierles), minus penalty points (Rommé). */
  total: number;
  /**
   * A duplicate night of two tables or more: the player's duplicate score (src/weekly/duplicate.ts), in the game's
   * deal measure (Réunion card points, Dreierles game points, minus Rommé penalty points). Absent otherwise.
   */
  duplicate?: number;
}

/** The season's leaderboard top as shown under a night's standings (`RecordLedger.board`, the game's default order). */
export interface SeasonTop {
  periodId: string;
  sort: BoardSort;
  rows: BoardRow[];
}

/**
 * What the weekly night does on Discord (src/discord/weekly.ts implements it with discord.js). Every method
 * throws on a Discord error; the caller decides whether that stops it.
 */
export interface NightGateway {
  /** Whether this process receives the guild's events (with shards: the guild is on this shard). */
  handles(guildId: string): boolean;
  /** Create the guild scheduled event of `occ` (an external event located at the channel); returns its id. */
  createEvent(config: WeeklyConfig, occ: Occurrence): Promise<string>;
  /** Delete a guild scheduled event (one already gone counts as deleted). */
  deleteEvent(guildId: string, eventId: string): Promise<void>;
  /** Post a reminder with the sign-up buttons at `postedAt` (it says "today" or "tomorrow" from then); returns the message id. */
  postReminder(config: WeeklyConfig, night: NightState, postedAt: number): Promise<string>;
  /** Show the night's current sign-ups on one of its reminder messages. */
  updateReminder(config: WeeklyConfig, night: NightState, reminder: NightState['reminders'][number]): Promise<void>;
  /** Say in the channel that nobody signed up (the night is skipped). */
  postNobody(night: NightState): Promise<void>;
  /** Say in the channel that the bot was offline at the start time and the night was skipped (mentions the sign-ups). */
  postSkipped(night: NightState): Promise<void>;
  /** Open a public thread in the night's channel for its table number `table` (1-based; named in the server's language); returns its id. */
  openThread(night: NightState, table: number): Promise<string>;
  /** Post a table's public message in its channel (the thread) and remember it on the table; returns the table as stored. */
  postTable(table: TableRecord): Promise<TableRecord>;
  /** After a table started: refresh its message, which shows the opening among its recent events (no post, no mention). */
  announceStart(table: TableRecord): Promise<void>;
  /** List the night's tables (thread mentions and players) in the channel. */
  postSeating(night: NightState): Promise<void>;
  /** Post the night's standings and the season's top five in the channel. */
  postStandings(night: NightState, rows: NightRow[], season: SeasonTop): Promise<void>;
}

/**
 * Game records and the scoreboard built from them (issue: scoreboards, statistics, history, weekly game night).
 *
 * Every finished game becomes one `GameRecord` per guild. The record is the source of truth: leaderboards, player
 * statistics and ratings are derived from the records in the order they finished, and are written together with
 * the record in one step (Redis MULTI/EXEC; the embedded store keeps them in memory and rebuilds them from the
 * records at start), so a crash can never count a game twice or half.
 *
 * Units: each game has one **measure** per seat, "higher is better":
 * - Réunion: net units (side payments + settlement; `ReunionResult.net`, docs/rules/reunion.md § Game and settlement);
 * - Dreierles: net game points (`DreierlesResult.totals`, docs/rules/dreierles.md § Scoring);
 * - Rommé: minus the penalty points (the winner of a deal scores 0, everyone else minus their cards;
 *   docs/rules/romme.md § Scoring), so −37 is a better game than −120.
 */
import type { GameId } from '../tables/games.ts';
import type { FinishedGame } from '../tables/types.ts';

/** Scoreboard periods. Weeks start Monday 00:00, months on the 1st, seasons are calendar quarters — all in the guild's time zone. */
export const PERIODS = ['week', 'month', 'season', 'all'] as const;
export type Period = (typeof PERIODS)[number];

/** The period ids a game counts in, e.g. `{ week: '2026-W49', month: '2026-11', season: '2026-Q4', all: 'all' }`. */
export type PeriodIds = Record<Period, string>;

/**
 * How one seat did in one game. `playerId` is the scoreboard identity: the Discord user id, or `bot:<level>` for a
 * computer seat (every computer of one level is one scoreboard entry).
 */
export interface SeatOutcome {
  playerId: string;
  /** Display name when the game finished. */
  name: string;
  bot: boolean;
  /** The game's measure for this seat (see the module comment: units, game points, minus penalty points). */
  measure: number;
  /** 1 = best; seats the game ranks equal share a rank (Réunion: by card points, Dreierles: game points, Rommé: penalty total). */
  rank: number;
  /** Rank 1 (a shared first place is a win for each). */
  win: boolean;
  /**
   * Game-specific counts for `/stats` (names in src/games/<game>/records.ts), e.g. Réunion `bowersCaptured`,
   * `stangen`; Dreierles `played:<contract>`, `won:<contract>`, `pfeifen`, `raeuberLost`; Rommé `handRomme`,
   * `deals`, `penalty`.
   */
  counts: Record<string, number>;
  /** The seat's skill rating before and after this game (filled in when the record is committed). */
  rating?: { before: Rating; after: Rating };
  /**
   * Set when the computer played most of this person's seat (src/records/earned.ts): `own` of its `moves` were the
   * person's, and `measure` and `rank` are what the seat scored in the game. The outcome's own `measure`, `rank` and
   * `win` are then what it counts for the person: as last place (the game's worst measure, below every seat, no win).
   */
  byComputer?: { own: number; moves: number; measure: number; rank: number };
}

/**
 * A skill rating (openskill, Plackett–Luce model with its defaults: mu 25, sigma 25/3). `ordinal` = mu − 3·sigma is
 * the conservative value we rank and display (starts at 0).
 */
export interface Rating {
  mu: number;
  sigma: number;
  ordinal: number;
}

/** A finished game as kept for good: the table's `FinishedGame` plus what the scoreboard reads. */
export interface GameRecord extends FinishedGame {
  /** The engine's per-deal scores in order (Réunion/Dreierles/Rommé `DealScore`). */
  deals: unknown[];
  /** One entry per seat, in seat order. */
  outcomes: SeatOutcome[];
  /** The periods the game counts in (from `finishedAt` in `timeZone`, fixed when the game finished). */
  periods: PeriodIds;
  /** IANA time zone of the guild when the game finished, e.g. `Europe/Berlin`. */
  timeZone: string;
  /** The weekly game night this game was played at (`<guildId>:<occurrence>`), if any. */
  nightId?: string;
}

/** All-time statistics of one player in one game in one guild. */
export interface PlayerStats {
  playerId: string;
  name: string;
  bot: boolean;
  games: number;
  wins: number;
  /** Sum of the game's measure over all games. */
  measureSum: number;
  best: { measure: number; recordId: string } | null;
  worst: { measure: number; recordId: string } | null;
  /** Current streak: +n = n wins in a row, −n = n games without a win in a row. */
  streak: number;
  longestWinStreak: number;
  longestLossStreak: number;
  rating: Rating;
  /** Sums of `SeatOutcome.counts`. */
  counts: Record<string, number>;
  lastPlayedAt: number;
}

/** How a leaderboard is ordered (ties: fewer games first, then player id). */
export const BOARD_SORTS = ['net', 'wins', 'rating', 'games'] as const;
export type BoardSort = (typeof BOARD_SORTS)[number];

/** One line of a leaderboard: the player's figures within the period (rating: after their last game in it). */
export interface BoardRow {
  /** 1-based position in the whole board. */
  position: number;
  playerId: string;
  name: string;
  bot: boolean;
  games: number;
  wins: number;
  /** Sum of the game's measure in the period. */
  net: number;
  /** Rating ordinal after the player's last game in the period. */
  rating: number;
}

export interface BoardQuery {
  guildId: string;
  game: GameId;
  /** A period id from `PeriodIds` (e.g. `2026-W49`, or `all`). */
  periodId: string;
  includeBots: boolean;
  sort: BoardSort;
  /** 0-based index of the first row. */
  offset: number;
  limit: number;
}

/** Who may see the games of a channel: whoever asks (`all`), only the players of each game (`players`), or nobody. */
export type ChannelAccess = 'all' | 'players' | 'none';

/**
 * Only the games one member may see: `access` is asked once per channel the matching games were played in;
 * `userId` (the member) decides for channels of `players` access.
 */
export interface Visibility {
  userId: string;
  access(channelId: string): Promise<ChannelAccess>;
}

export interface HistoryQuery {
  guildId: string;
  game?: GameId;
  /** Only games this player sat in. */
  playerId?: string;
  /** Only games this member may see (pages and `total` count those only); every game when absent. */
  visibleTo?: Visibility;
  offset: number;
  limit: number;
}

/** A point of a player's rating over time (after the game that finished at `at`, epoch ms). */
export interface RatingPoint {
  at: number;
  ordinal: number;
}

/**
 * Where records and everything derived from them live (src/store/records/: Redis and memory). All methods
 * throw on storage errors (never "no value").
 */
export interface RecordLedger {
  /**
   * Store the record and every update derived from it at once, exactly once per `record.id`: a second commit of
   * the same id changes nothing and returns the stored record with `committed: false`. Ratings are filled in.
   */
  commit(record: GameRecord): Promise<{ committed: boolean; record: GameRecord }>;
  /** A page of a leaderboard, and how many rows the whole board has. */
  board(q: BoardQuery): Promise<{ rows: BoardRow[]; total: number }>;
  /** A player's all-time statistics in a game, or null if they never played it in this guild. */
  stats(guildId: string, game: GameId, playerId: string): Promise<PlayerStats | null>;
  /** A player's rating after each game since `since` (epoch ms), oldest first; with `last`, only the latest `last` of them. */
  ratingHistory(guildId: string, game: GameId, playerId: string, since: number, last?: number): Promise<RatingPoint[]>;
  /** The latest games first, and how many match. */
  history(q: HistoryQuery): Promise<{ records: GameRecord[]; total: number }>;
  /** One record by table id. */
  record(guildId: string, id: string): Promise<GameRecord | null>;
  /** Every record of a guild, oldest first (tests and small guilds only). */
  all(guildId: string): Promise<GameRecord[]>;
}

/** What a game contributes to its records, over the table layer's `FinishedGame` (src/records/rules.ts; each game's `GameDefinition.records`). */
export interface RecordRules {
  game: GameId;
  /** The default order of this game's scoreboard (Rommé: wins, since its measure only goes down with more games). */
  defaultSort: BoardSort;
  /** Per-seat measure, rank and counts, and the per-deal scores, from a finished game (replays the move log when needed). */
  summarize(finished: FinishedGame): { deals: unknown[]; outcomes: Omit<SeatOutcome, 'playerId' | 'name' | 'bot' | 'rating'>[] };
}

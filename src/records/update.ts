/**
 * What one committed record changes (pure; both ledgers in src/store/records/ call this, so Redis and the embedded
 * store derive the same figures from the same records in the same order).
 *
 * - Ratings: openskill (Plackett–Luce, its defaults: mu 25, sigma 25/3, tau 25/300), every seat a team of one,
 *   ranked by `SeatOutcome.rank` (equal ranks are a tie). A player never seen before starts at openskill's default.
 * - A player id that sits more than once in one game (two `bot:strong` seats: every computer of one level is one
 *   scoreboard entry) is rated seat by seat from the same prior, as if they were different players, and the entry
 *   keeps the mean of those seats' mu and sigma. Its figures count every seat: two seats are two games, their wins
 *   and measures add up, its streak runs through them in seat order, and each seat can be its best or worst game.
 * - Streaks: +n = n wins in a row, −n = n games without a win in a row (a shared first place is a win).
 * - Best/worst: the highest/lowest measure; the earlier game keeps the title on a tie.
 */
import { ordinal, rate, rating as openskillRating } from 'openskill';
import { BOT_LEVELS } from '../bots/types.ts';
import type { GameRecord, PlayerStats, Rating, SeatOutcome } from './types.ts';

/** The conservative rating value (mu − 3·sigma) with the rating, as records and stats keep it. */
export function withOrdinal(r: { mu: number; sigma: number }): Rating {
  return { mu: r.mu, sigma: r.sigma, ordinal: ordinal(r) };
}

/** openskill's starting rating (mu 25, sigma 25/3, ordinal 0). */
export const INITIAL_RATING: Rating = withOrdinal(openskillRating());

/**
 * The player ids of computer players (`bot:<level>`, src/records/book.ts `playerIdOf`). A leaderboard without
 * computer players (`BoardQuery.includeBots` false) is the full one without these ids.
 */
export const COMPUTER_IDS: readonly string[] = BOT_LEVELS.map((level) => `bot:${level}`);

/** One scoreboard entry of a committed record: its seats in seat order and its statistics after the game. */
export interface PlayerUpdate {
  playerId: string;
  /** This entry's seats (more than one only for a repeated `bot:<level>`). */
  outcomes: SeatOutcome[];
  /** All-time statistics in this game after the record. */
  stats: PlayerStats;
}

/**
 * Apply `record` to the players' current statistics (`current`: player id → stats in this guild and game; a
 * missing id has never played it). Returns the record with every `outcome.rating` filled in (before: the entry's
 * rating before the game; after: its rating after it, the same for every seat of one entry) and one update per
 * distinct player id, in order of their first seat. Neither input is changed. Throws if a seat's `bot` flag
 * disagrees with its id (a computer player is `bot:<level>`, everyone else is not).
 */
export function applyRecord(input: GameRecord, current: ReadonlyMap<string, PlayerStats>): { record: GameRecord; players: PlayerUpdate[] } {
  // A record is kept as JSON: work on its JSON form (−0 becomes 0, undefined fields go), so what a commit returns
  // and derives equals what is read back later.
  const record = JSON.parse(JSON.stringify(input)) as GameRecord;
  for (const o of record.outcomes)
    if (o.bot !== COMPUTER_IDS.includes(o.playerId))
      throw new Error(`record ${record.id}: player ${o.playerId} is ${o.bot ? '' : 'not '}marked as a computer player`);
  const ids = [...new Set(record.outcomes.map((o) => o.playerId))];
  const before = new Map(ids.map((id) => [id, current.get(id)?.rating ?? INITIAL_RATING]));
  const rated = rate(
    record.outcomes.map((o) => [ratingOf(before, o.playerId)]),
    { rank: record.outcomes.map((o) => o.rank) },
  );
  const after = new Map(
    ids.map((id) => {
      const seats = rated.filter((_, i) => record.outcomes[i]?.playerId === id).map((team) => team[0] as { mu: number; sigma: number });
      const mean = (f: (r: { mu: number; sigma: number }) => number) => seats.reduce((sum, r) => sum + f(r), 0) / seats.length;
      return [id, withOrdinal({ mu: mean((r) => r.mu), sigma: mean((r) => r.sigma) })];
    }),
  );
  const outcomes = record.outcomes.map((o) => ({ ...o, rating: { before: ratingOf(before, o.playerId), after: ratingOf(after, o.playerId) } }));
  const players = ids.map((id) => {
    const seats = outcomes.filter((o) => o.playerId === id);
    return { playerId: id, outcomes: seats, stats: statsAfter(current.get(id) ?? null, record, seats, ratingOf(after, id)) };
  });
  return { record: { ...record, outcomes }, players };
}

function ratingOf(ratings: ReadonlyMap<string, Rating>, id: string): Rating {
  const r = ratings.get(id);
  if (!r) throw new Error(`no rating for ${id}`);
  return r;
}

/** A player's statistics after their `seats` in `record` (seat order), with the entry's new rating. */
function statsAfter(prev: PlayerStats | null, record: GameRecord, seats: SeatOutcome[], rating: Rating): PlayerStats {
  const last = seats[seats.length - 1] as SeatOutcome;
  const s: PlayerStats = prev
    ? { ...prev, counts: { ...prev.counts } }
    : {
        playerId: last.playerId,
        name: last.name,
        bot: last.bot,
        games: 0,
        wins: 0,
        measureSum: 0,
        best: null,
        worst: null,
        streak: 0,
        longestWinStreak: 0,
        longestLossStreak: 0,
        rating,
        counts: {},
        lastPlayedAt: record.finishedAt,
      };
  for (const o of seats) {
    s.games++;
    s.measureSum += o.measure;
    if (o.win) {
      s.wins++;
      s.streak = s.streak > 0 ? s.streak + 1 : 1;
      s.longestWinStreak = Math.max(s.longestWinStreak, s.streak);
    } else {
      s.streak = s.streak < 0 ? s.streak - 1 : -1;
      s.longestLossStreak = Math.max(s.longestLossStreak, -s.streak);
    }
    if (!s.best || o.measure > s.best.measure) s.best = { measure: o.measure, recordId: record.id };
    if (!s.worst || o.measure < s.worst.measure) s.worst = { measure: o.measure, recordId: record.id };
    for (const [name, n] of Object.entries(o.counts)) s.counts[name] = (s.counts[name] ?? 0) + n;
  }
  return { ...s, name: last.name, bot: last.bot, rating, lastPlayedAt: Math.max(s.lastPlayedAt, record.finishedAt) };
}

/** A player's figures on one leaderboard (a game, a period, a scope). `net`: sum of the measure; `rating`: ordinal after their last game there. */
export interface BoardFigures {
  games: number;
  wins: number;
  net: number;
  rating: number;
}

/** The figures after the player's seats in one more game of the period (`prev` null: first game there). */
export function addToBoard(prev: BoardFigures | null, player: PlayerUpdate): BoardFigures {
  return {
    games: (prev?.games ?? 0) + player.outcomes.length,
    wins: (prev?.wins ?? 0) + player.outcomes.filter((o) => o.win).length,
    net: (prev?.net ?? 0) + player.outcomes.reduce((sum, o) => sum + o.measure, 0),
    rating: player.stats.rating.ordinal,
  };
}

/**
 * The `/stats` message: one section per game a player has played in the guild — games, wins and win rate, the
 * average result, best and worst game (with their record ids for `/replay`), streaks, the rating and its trend, and
 * the game's own counts (src/games/<game>/records.ts names them). Pure: statistics in, message body out.
 */
import type { GameId } from '../../../tables/games.ts';
import type { PlayerStats } from '../../../records/types.ts';
import { uiFor } from '../../games/index.ts';
import type { Payload } from '../../games/types.ts';
import { plainText } from '../../kit/format.ts';
import { gameName, measureText, ratingChange, ratingText } from './measure.ts';
import type { Locale } from '../../../i18n/index.ts';

/** One game's section: the player's statistics and the rating trend. */
export interface StatsSection {
  game: GameId;
  stats: PlayerStats;
  /** The rating ordinal's change over the player's last `trendGames` games (the last 10, or all if fewer). */
  trend: number;
  trendGames: number;
}

/** "3 wins in a row", "2 games without a win", "none" (current streak: +n wins, −n games without a win). */
function streakText(loc: Locale, streak: number): string {
  if (streak > 0) return loc.t('records:stats.streak.wins', { count: streak });
  if (streak < 0) return loc.t('records:stats.streak.losses', { count: -streak });
  return loc.t('records:stats.streak.none');
}

/** The game's own counts (`RecordUi.countsLine`) in `loc`'s language, e.g. Réunion bowers captured and lost and Stangen. */
export const countsLine = (loc: Locale, game: GameId, counts: Record<string, number>): string => uiFor(game).records.countsLine(loc, counts);

/** One game's section (several lines) in `loc`'s language. */
export function statsSection(loc: Locale, { game, stats, trend, trendGames }: StatsSection): string {
  const rate = stats.games ? Math.round((100 * stats.wins) / stats.games) : 0;
  const average = stats.games ? stats.measureSum / stats.games : 0;
  // A blank record id: the asker may not see that game (commands/stats.ts), so only its result is shown.
  const extreme = (e: PlayerStats['best']) =>
    !e
      ? '—'
      : e.recordId
        ? loc.t('records:stats.withId', { measure: measureText(loc, game, e.measure), id: e.recordId })
        : measureText(loc, game, e.measure);
  return [
    loc.t('records:stats.summary', {
      game: gameName(game),
      games: loc.t('records:stats.games', { count: stats.games }),
      wins: loc.t('records:stats.wins', { count: stats.wins }),
      rate: loc.number(rate / 100, { style: 'percent' }),
      average: measureText(loc, game, average, 1),
    }),
    loc.t('records:stats.extremes', { best: extreme(stats.best), worst: extreme(stats.worst) }),
    loc.t('records:stats.streaks', {
      current: streakText(loc, stats.streak),
      wins: loc.t('records:stats.longestWins', { count: stats.longestWinStreak }),
      losses: loc.t('records:stats.longestLosses', { count: stats.longestLossStreak }),
    }),
    loc.t('records:stats.rating', {
      rating: ratingText(loc, stats.rating.ordinal),
      change: ratingChange(loc, trend),
      over: loc.t('records:stats.over', { count: trendGames }),
    }),
    countsLine(loc, game, stats.counts),
  ].join('\n');
}

/** The `/stats` message for `name` in `loc`'s language: a section per game, in the order given. Mentions nobody. */
export function renderStats(loc: Locale, name: string, sections: readonly StatsSection[]): Payload {
  const header = loc.t('records:stats.header', { name: plainText(name) });
  const footnote = loc.t('records:stats.footnote');
  return { content: [header, ...sections.map((s) => statsSection(loc, s)), footnote].join('\n\n'), allowedMentions: { parse: [] } };
}

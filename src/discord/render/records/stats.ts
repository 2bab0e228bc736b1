/**
 * The `/stats` message: one section per game a player has played in the guild — games, wins and win rate, the
 * average result, best and worst game (with their record ids for `/replay`), streaks, the rating and its trend, and
 * the game's own counts (src/games/<game>/records.ts names them). Pure: statistics in, message body out.
 */
import type { GameId } from '../../../tables/games.ts';
import type { PlayerStats } from '../../../records/types.ts';
import { uiFor } from '../../games/index.ts';
import type { Payload } from '../../games/types.ts';
import { plainText, plural } from '../format.ts';
import { gameName, measureText, ratingChange, ratingText } from './measure.ts';
import { ENGLISH } from '../../../i18n/index.ts';

/** One game's section: the player's statistics and the rating trend. */
export interface StatsSection {
  game: GameId;
  stats: PlayerStats;
  /** The rating ordinal's change over the player's last `trendGames` games (the last 10, or all if fewer). */
  trend: number;
  trendGames: number;
}

/** One game's section: the player's statistics and the rating trend. */
export interface StatsSection {
  game: GameId;
  stats: PlayerStats;
  /** The rating ordinal's change over the player's last `trendGames` games (the last 10, or all if fewer). */
  trend: number;
  trendGames: number;
}

/** "3 wins in a row", "2 games without a win", "none" (current streak: +n wins, −n games without a win). */
function streakText(streak: number): string {
  if (streak > 0) return streak === 1 ? '1 win' : `${streak} wins in a row`;
  if (streak < 0) return streak === -1 ? '1 game without a win' : `${-streak} games without a win`;
  return 'none';
}

/** The game's own counts (`RecordUi.countsLine`), e.g. Réunion bowers captured and lost and Stangen. */
export const countsLine = (game: GameId, counts: Record<string, number>): string => uiFor(game).records.countsLine(ENGLISH, counts);

/** One game's section (several lines). */
export function statsSection({ game, stats, trend, trendGames }: StatsSection): string {
  const rate = stats.games ? Math.round((100 * stats.wins) / stats.games) : 0;
  const average = stats.games ? stats.measureSum / stats.games : 0;
  // A blank record id: the asker may not see that game (commands/stats.ts), so only its result is shown.
  const extreme = (label: string, e: PlayerStats['best']) =>
    e ? `${label} ${measureText(game, e.measure)}${e.recordId ? ` (\`${e.recordId}\`)` : ''}` : `${label} —`;
  const over = trendGames === 1 ? 'the last game' : `the last ${trendGames} games`;
  return [
    `__${gameName(game)}__ · ${stats.games} ${stats.games === 1 ? 'game' : 'games'} · ${stats.wins} ${stats.wins === 1 ? 'win' : 'wins'} (${rate}%) · average ${measureText(game, average, 1)} per game`,
    `${extreme('Best game', stats.best)} · ${extreme('worst', stats.worst)}`,
    `Current streak: ${streakText(stats.streak)} · longest: ${plural(stats.longestWinStreak, 'win')}, ${stats.longestLossStreak} without a win`,
    `Rating ${ratingText(stats.rating.ordinal)} (${ratingChange(trend)} over ${over})`,
    countsLine(game, stats.counts),
  ].join('\n');
}

/** The `/stats` message for `name`: a section per game, in the order given. Mentions nobody. */
export function renderStats(name: string, sections: readonly StatsSection[]): Payload {
  const header = `**Statistics of ${plainText(name)}**`;
  const footnote = '-# Rating: conservative skill estimate (μ − 3σ), starts at 0. `/replay id:<id>` shows a game.';
  return { content: [header, ...sections.map(statsSection), footnote].join('\n\n'), allowedMentions: { parse: [] } };
}

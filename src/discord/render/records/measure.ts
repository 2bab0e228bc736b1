/**
 * How a game's measure reads in the scoreboard commands (src/records/types.ts, module comment), in the unit its
 * `RecordUi` names: e.g. Réunion net **units**; a penalty game's measure is minus the penalty points, so it is shown
 * turned back into penalty points (positive, fewer is better).
 */
import { DateTime } from 'luxon';
import { gameById } from '../../../tables/games.ts';
import { uiFor } from '../../games/index.ts';
import type { GameId } from '../../../tables/games.ts';
import { decimal } from '../format.ts';
import { ENGLISH } from '../../../i18n/index.ts';

export { decimal } from '../format.ts';

/** A game's display name, e.g. "Réunion". */
export const gameName = (game: GameId): string => gameById(game)?.name ?? game;

/** The unit a game's results are shown in: "units", "game points", "penalty points". */
export const unitOf = (game: GameId, count = 2): string => uiFor(game).records.unit(ENGLISH, count);

/** The scoreboard column of the summed measure: "Units", "Points" (game points), "Penalty" (penalty points). */
export const netColumn = (game: GameId): string => uiFor(game).records.column(ENGLISH);

/**
 * A sum or average of the measure as a bare number in the game's unit: Réunion and Dreierles signed ("+15",
 * "−2.5"), Rommé as penalty points, i.e. −measure, unsigned ("37", "12.5").
 */
export function measureNumber(game: GameId, measure: number, digits = 0): string {
  if (uiFor(game).records.penalty) return decimal(-measure, digits);
  const text = decimal(measure, digits);
  return measure > 0 && text !== '0' ? `+${text}` : text;
}

/** The measure with its unit: "+15 units", "−1 unit", "−4 game points", "37 penalty points". */
export function measureText(game: GameId, measure: number, digits = 0): string {
  const number = measureNumber(game, measure, digits);
  return `${number} ${unitOf(game, /^[+−]?1$/.test(number) ? 1 : 2)}`;
}

/** A rating ordinal with one decimal: "12.3", "−1.2". */
export const ratingText = (ordinal: number): string => decimal(ordinal, 1);

/** A rating change with one decimal and its sign: "+2.1", "−0.4", "±0". */
export function ratingChange(delta: number): string {
  const text = decimal(delta, 1);
  return text === '0' ? '±0' : delta > 0 ? `+${text}` : text;
}

/** A scoreboard name: computer players are one entry per level (`bot:<level>`), shown "🤖 strong computer". */
export function playerName(player: { playerId: string; name: string; bot: boolean }): string {
  return player.bot ? `🤖 ${player.playerId.replace(/^bot:/, '')} computer` : player.name;
}

/** An instant (epoch ms) in the guild's time zone: "1 Jun 2026 20:15". */
export const dateTime = (at: number, timeZone: string): string => DateTime.fromMillis(at, { zone: timeZone }).toFormat('d LLL yyyy HH:mm');

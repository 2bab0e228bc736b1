/**
 * How a game's measure reads in the scoreboard commands (src/records/types.ts, module comment), in the unit its
 * `RecordUi` names: e.g. Réunion net **units**; a penalty game's measure is minus the penalty points, so it is shown
 * turned back into penalty points (positive, fewer is better). Numbers and dates are written the reader's way
 * (`Intl` for the `Locale`'s language).
 */
import { gameById } from '../../../tables/games.ts';
import { uiFor } from '../../games/index.ts';
import type { GameId } from '../../../tables/games.ts';
import { decimal } from '../../kit/format.ts';
import type { Locale } from '../../../i18n/index.ts';
import { dateParts } from '../../../records/periods.ts';

export { decimal } from '../../kit/format.ts';

/** A game's display name, e.g. "Réunion" (the same in every language). */
export const gameName = (game: GameId): string => gameById(game)?.name ?? game;

/** The unit a game's results are shown in, for `count` of it: "units", "game points", "penalty points". */
export const unitOf = (loc: Locale, game: GameId, count = 2): string => uiFor(game).records.unit(loc, count);

/** The scoreboard column of the summed measure: "Units", "Points" (game points), "Penalty" (penalty points). */
export const netColumn = (loc: Locale, game: GameId): string => uiFor(game).records.column(loc);

/**
 * A sum or average of the measure as a bare number in the game's unit: Réunion and Dreierles signed ("+15",
 * "−2.5", German "−2,5"), Rommé as penalty points, i.e. −measure, unsigned ("37", "12.5").
 */
export function measureNumber(loc: Locale, game: GameId, measure: number, digits = 0): string {
  if (uiFor(game).records.penalty) return decimal(loc, -measure, digits);
  const text = decimal(loc, measure, digits);
  return measure > 0 && text !== '0' ? `+${text}` : text;
}

/** The measure with its unit: "+15 units", "−1 unit", "−4 game points", "37 penalty points". */
export function measureText(loc: Locale, game: GameId, measure: number, digits = 0): string {
  const number = measureNumber(loc, game, measure, digits);
  return `${number} ${unitOf(loc, game, /^[+−]?1$/.test(number) ? 1 : 2)}`;
}

/** A rating ordinal with one decimal: "12.3", "−1.2" (German "12,3"). */
export const ratingText = (loc: Locale, ordinal: number): string => decimal(loc, ordinal, 1);

/** A rating change with one decimal and its sign: "+2.1", "−0.4", "±0". */
export function ratingChange(loc: Locale, delta: number): string {
  const text = decimal(loc, delta, 1);
  return text === '0' ? '±0' : delta > 0 ? `+${text}` : text;
}

/** A scoreboard name: computer players are one entry per level (`bot:<level>`), shown "🤖 strong computer". */
export function playerName(loc: Locale, player: { playerId: string; name: string; bot: boolean }): string {
  if (!player.bot) return player.name;
  const level = player.playerId.replace(/^bot:/, '');
  return loc.t('records:bot', { level: loc.t(`records:level.${level}`, { defaultValue: level }) });
}

/** An instant (epoch ms) in the guild's time zone: "1 Jun 2026 20:15" / "1. Juni 2026, 20:15". */
export const dateTime = (loc: Locale, at: number, timeZone: string): string => loc.t('records:date.dateTime', { ...dateParts(loc, at, timeZone) });

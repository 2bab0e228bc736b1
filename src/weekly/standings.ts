/**
 * A night's standings from its game records — pure.
 */
import type { GameRecord } from '../records/types.ts';
import { duplicateScores } from './duplicate.ts';
import type { NightRow } from './types.ts';

/**
 * Per player over the night's records: games, wins and the sum of the game's measure (`SeatOutcome.measure`:
 * units, game points or minus penalty points, so higher is better in every game). Best first: by total, then
 * wins, then fewer games, then name. With `duplicate` (a duplicate night whose records come from two tables or
 * more) each row also has its duplicate score (src/weekly/duplicate.ts), and that ranks first (to
 * the hundredth, so rounding never splits a tie).
 */
export function nightStandings(records: readonly Pick<GameRecord, 'game' | 'deals' | 'seats' | 'outcomes'>[], duplicate = false): NightRow[] {
  const rows = new Map<string, NightRow>();
  for (const record of records)
    for (const o of record.outcomes) {
      const row = rows.get(o.playerId) ?? { playerId: o.playerId, name: o.name, bot: o.bot, games: 0, wins: 0, total: 0 };
      row.games += 1;
      row.wins += o.win ? 1 : 0;
      row.total += o.measure;
      rows.set(o.playerId, row);
    }
  if (duplicate && records.length > 1)
    for (const [playerId, score] of duplicateScores(records)) (rows.get(playerId) as NightRow).duplicate = Math.round(score * 100) / 100;
  return [...rows.values()].sort(
    (a, b) => (b.duplicate ?? 0) - (a.duplicate ?? 0) || b.total - a.total || b.wins - a.wins || a.games - b.games || a.name.localeCompare(b.name),
  );
}

/** The occurrence id of a night id (`<guildId>:<occurrence>`), or null when `nightId` is not one of `guildId`'s. */
export function occurrenceOf(nightId: string, guildId: string): string | null {
  return nightId.startsWith(`${guildId}:`) ? nightId.slice(guildId.length + 1) : null;
}

/** The night id tables and records carry: `<guildId>:<occurrence>`. */
export const nightIdOf = (guildId: string, occurrence: string): string => `${guildId}:${occurrence}`;

/**
 * A night's standings from its game records — pure.
 */
import type { GameRecord } from '../records/types.ts';
import type { NightRow } from './types.ts';

/**
 * Per player over the night's records: games, wins and the sum of the game's measure (`SeatOutcome.measure`:
 * units, game points or minus penalty points, so higher is better in every game). Best first: by total, then
 * wins, then fewer games, then name.
 */
export function nightStandings(records: readonly GameRecord[]): NightRow[] {
  const rows = new Map<string, NightRow>();
  for (const record of records)
    for (const o of record.outcomes) {
      const row = rows.get(o.playerId) ?? { playerId: o.playerId, name: o.name, bot: o.bot, games: 0, wins: 0, total: 0 };
      row.games += 1;
      row.wins += o.win ? 1 : 0;
      row.total += o.measure;
      rows.set(o.playerId, row);
    }
  return [...rows.values()].sort((a, b) => b.total - a.total || b.wins - a.wins || a.games - b.games || a.name.localeCompare(b.name));
}

/** The occurrence id of a night id (`<guildId>:<occurrence>`), or null when `nightId` is not one of `guildId`'s. */
export function occurrenceOf(nightId: string, guildId: string): string | null {
  return nightId.startsWith(`${guildId}:`) ? nightId.slice(guildId.length + 1) : null;
}

/** The night id tables and records carry: `<guildId>:<occurrence>`. */
export const nightIdOf = (guildId: string, occurrence: string): string => `${guildId}:${occurrence}`;

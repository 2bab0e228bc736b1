/**
 * How a night's sign-ups are seated at tables — pure. Players keep their sign-up order: the first three (or the
 * first Rommé table's share) sit together, and so on.
 */
import type { GameId } from '../games/types.ts';

/** One table: its people and how many computer players fill it up. */
export interface TableGroup<T> {
  players: T[];
  bots: number;
}

/** Seats at a Réunion or Dreierles table of the night (Réunion needs exactly three; Dreierles is played three-handed here). */
const TRICK_TABLE = 3;
/** Rommé tables hold 2 to 6 players. */
const ROMME_MIN = 2;
const ROMME_MAX = 6;

/**
 * Group `players` into tables: Réunion and Dreierles in threes, computer players filling the last table (4 → 3 and
 * 1 + 2 computers); Rommé in as few tables of at most six as possible, split evenly (7 → 4 + 3, 13 → 5 + 4 + 4), a
 * lone player with one computer player. No players, no tables.
 */
export function seatPlayers<T>(game: GameId, players: readonly T[]): TableGroup<T>[] {
  if (players.length === 0) return [];
  if (game !== 'romme') {
    const groups: TableGroup<T>[] = [];
    for (let i = 0; i < players.length; i += TRICK_TABLE) {
      const chunk = players.slice(i, i + TRICK_TABLE);
      groups.push({ players: chunk, bots: TRICK_TABLE - chunk.length });
    }
    return groups;
  }
  const tables = Math.ceil(players.length / ROMME_MAX);
  const base = Math.floor(players.length / tables);
  const larger = players.length % tables;
  const groups: TableGroup<T>[] = [];
  let from = 0;
  for (let t = 0; t < tables; t++) {
    const size = base + (t < larger ? 1 : 0);
    groups.push({ players: players.slice(from, from + size), bots: Math.max(0, ROMME_MIN - size) });
    from += size;
  }
  return groups;
}

/**
 * How a night's sign-ups are seated at tables — pure. Players keep their sign-up order: the first table's share
 * sits together, and so on. Each game's `SeatingRule` (`GameDefinition.seating`) says how its tables are made.
 */
import type { SeatingRule } from '../games/types.ts';
import { type GameId, gameById } from '../tables/games.ts';

/** One table: its people and how many computer players fill it up. */
export interface TableGroup<T> {
  players: T[];
  bots: number;
}

/**
 * Group `players` into tables by the game's seating rule: `fill` (e.g. Réunion, Dreierles: threes, computer players
 * filling the last table, 4 → 3 and 1 + 2 computers) or `even` (e.g. Rommé: as few tables of at most six as
 * possible, split evenly, 7 → 4 + 3, 13 → 5 + 4 + 4, a lone player with one computer player). No players, no
 * tables. Throws for a game the bot does not run.
 */
export function seatPlayers<T>(game: GameId, players: readonly T[]): TableGroup<T>[] {
  const rule = gameById(game)?.seating;
  if (!rule) throw new Error(`No seating rule for ${game}`);
  return seatBy(rule, players);
}

/** Group `players` into tables by `rule` (see `seatPlayers`). */
export function seatBy<T>(rule: SeatingRule, players: readonly T[]): TableGroup<T>[] {
  if (players.length === 0) return [];
  const groups: TableGroup<T>[] = [];
  if (rule.kind === 'fill') {
    for (let i = 0; i < players.length; i += rule.seats) {
      const chunk = players.slice(i, i + rule.seats);
      groups.push({ players: chunk, bots: rule.seats - chunk.length });
    }
    return groups;
  }
  const tables = Math.ceil(players.length / rule.max);
  const base = Math.floor(players.length / tables);
  const larger = players.length % tables;
  let from = 0;
  for (let t = 0; t < tables; t++) {
    const size = base + (t < larger ? 1 : 0);
    groups.push({ players: players.slice(from, from + size), bots: Math.max(0, rule.min - size) });
    from += size;
  }
  return groups;
}

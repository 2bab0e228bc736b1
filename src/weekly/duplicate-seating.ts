/**
 * How a duplicate night seats its sign-ups — pure. Every table of a duplicate night plays the same deals (one
 * seed), so every table has the same number of seats: the seat index says which cards a player holds in each deal
 * (the engines deal deal k from `<seed>:deal:<k>`, whoever sits there).
 *
 * - Table size: the game's (`fill`: Réunion, Dreierles 3); for `even` (Rommé) one size for the whole night, the
 *   largest table the plain night would open (7 players → tables of 4; a lone player plays against one computer).
 * - People are spread evenly over as few tables as that size allows, in sign-up order (7 Réunion players → 3, 2, 2),
 *   so no table is one person among computer players when it can be helped.
 * - The computer seats rotate between tables: the first computer player takes seat 0 of the first table that needs
 *   one, the next the following seat, and so on around the table. As few tables are opened as the size allows, so
 *   there are fewer computer seats than seats at a table, and the computer (one scoreboard player, `bot:<level>`)
 *   never holds the same seat's cards at two tables: each set of cards is played by a different player at every table.
 */
import type { SeatingRule } from '../games/types.ts';
import { type GameId, gameById } from '../tables/games.ts';

/** One duplicate table: who sits at each seat, in seat order (null: a computer player). */
export type DuplicateTable<T> = (T | null)[];

/** The one table size of a duplicate night of `players` sign-ups under `rule` (0 without players). */
export function duplicateTableSize(rule: SeatingRule, players: number): number {
  if (players === 0) return 0;
  if (rule.kind === 'fill') return rule.seats;
  const tables = Math.ceil(players / rule.max);
  return Math.max(rule.min, Math.ceil(players / tables));
}

/** Seat `players` for a duplicate night of `game` (see the module comment). Throws for a game the bot does not run. */
export function seatDuplicate<T>(game: GameId, players: readonly T[]): DuplicateTable<T>[] {
  const rule = gameById(game)?.seating;
  if (!rule) throw new Error(`No seating rule for ${game}`);
  return seatDuplicateBy(rule, players);
}

/** Seat `players` for a duplicate night under `rule` (see `seatDuplicate`). */
export function seatDuplicateBy<T>(rule: SeatingRule, players: readonly T[]): DuplicateTable<T>[] {
  const size = duplicateTableSize(rule, players.length);
  if (size === 0) return [];
  const count = Math.ceil(players.length / size);
  const base = Math.floor(players.length / count);
  const larger = players.length % count;
  const tables: DuplicateTable<T>[] = [];
  let from = 0;
  let nextBotSeat = 0;
  for (let t = 0; t < count; t++) {
    const people = players.slice(from, from + base + (t < larger ? 1 : 0));
    from += people.length;
    const botSeats = new Set<number>();
    for (let b = 0; b < size - people.length; b++) botSeats.add((nextBotSeat + b) % size);
    nextBotSeat = (nextBotSeat + size - people.length) % size;
    let p = 0;
    tables.push(Array.from({ length: size }, (_, seat) => (botSeats.has(seat) ? null : (people[p++] as T))));
  }
  return tables;
}

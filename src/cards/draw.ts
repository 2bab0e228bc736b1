/**
 * The public draw for first dealer: each seat draws a card from a freshly shuffled pack; the lowest (or
 * highest) card deals; the seats tied for it draw again. Used by Réunion (lowest deals, docs/rules/reunion.md
 * § Seating and first dealer) and Rommé (highest deals, docs/rules/romme.md § Seating and deal).
 */
import { seededRng, shuffle } from './random.ts';

/** One round of the draw: the card each drawing seat drew. */
export type DrawRound<C> = { seat: number; card: C }[];

/**
 * Draw for first dealer among `seats` seats from `pack`, ranking cards by `strength` (higher is stronger).
 * Deterministic from `seed`. Returns every round and the dealer.
 */
export function drawForDealer<C>(
  seed: string,
  seats: number,
  pack: readonly C[],
  strength: (card: C) => number,
  dealer: 'lowest' | 'highest',
): { draw: DrawRound<C>[]; firstDealer: number } {
  const draw: DrawRound<C>[] = [];
  let drawing = Array.from({ length: seats }, (_, s) => s);
  for (let round = 0; ; round++) {
    const shuffled = shuffle(pack, seededRng(`${seed}:draw:${round}`));
    const row = drawing.map((seat, i) => ({ seat, card: shuffled[i] as C }));
    draw.push(row);
    const values = row.map((d) => strength(d.card));
    const best = dealer === 'lowest' ? Math.min(...values) : Math.max(...values);
    drawing = row.filter((_, i) => values[i] === best).map((d) => d.seat);
    if (drawing.length === 1) return { draw, firstDealer: drawing[0] as number };
  }
}

/**
 * The draw for seats among `seats` players (0-based, in join order) from `pack`, ranking cards by `strength`
 * (higher is stronger): the players sit in the order of their cards, strongest first. Players tied on a card draw
 * again among themselves (each round a fresh shuffle), the strongest tie first and its own ties before the next, so
 * the rounds for the strongest card are those of `drawForDealer(…, 'highest')` and `order[0]` is its dealer.
 * Deterministic from `seed`. Returns every round and `order`: the players from strongest to weakest (by join index).
 * Used by Rommé (docs/rules/romme.md § Seating and deal).
 */
export function drawForSeating<C>(
  seed: string,
  seats: number,
  pack: readonly C[],
  strength: (card: C) => number,
): { draw: DrawRound<C>[]; order: number[] } {
  const draw: DrawRound<C>[] = [];
  const place = (drawing: number[]): number[] => {
    const shuffled = shuffle(pack, seededRng(`${seed}:draw:${draw.length}`));
    const row = drawing.map((seat, i) => ({ seat, card: shuffled[i] as C }));
    draw.push(row);
    const values = [...new Set(row.map((d) => strength(d.card)))].sort((a, b) => b - a);
    return values.flatMap((v) => {
      const tied = row.filter((d) => strength(d.card) === v).map((d) => d.seat);
      return tied.length === 1 ? tied : place(tied);
    });
  };
  return { draw, order: place(Array.from({ length: seats }, (_, s) => s)) };
}

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

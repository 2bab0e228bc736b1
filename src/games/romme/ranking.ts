/**
 * Rommé orders: the rank order of the seat draw (ace high) and the game's ranking of seats by penalty total.
 * Rule source: docs/rules/romme.md § Seating and deal, § Scoring.
 */
import { rankNumber } from './pack.ts';

/** Natural rank order for the seat draw, ace high: A 14, K 13 … 2. */
export const drawRank = (label: string): number => (rankNumber(label) === 1 ? 14 : rankNumber(label));

/** Ranks from penalty totals: 1 = lowest total; equal totals share the rank. */
export function ranksOf(t: readonly number[]): number[] {
  return t.map((x) => 1 + t.filter((y) => y < x).length);
}

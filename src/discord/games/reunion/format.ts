/**
 * Small formatting helpers for Réunion messages.
 */
import type { Play, ScoreMark } from '../../../games/reunion/index.ts';
import type { Names } from '../types.ts';

/** A seat's name. */
export const nameOf = (names: Names, seat: number): string => names[seat] ?? `Seat ${seat + 1}`;

/** "Anna A♥ · Bernd 10♥" */
export function formatPlays(plays: readonly Play[], names: Names): string {
  return plays.map((p) => `${nameOf(names, p.seat)} ${p.card}`).join(' · ');
}

/** A deal score as written on the score sheet: `/` for a Stange with nothing, underlined for a trickless dealer. */
export function formatMark(points: number, mark: ScoreMark): string {
  if (mark === 'slash') return '/';
  if (mark === 'underlined') return `__${points}__`;
  return String(points);
}

/** "+3" / "−2" / "0" */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

/** "1 trick" / "2 tricks" */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "1 unit" / "2 units" */
export const units = (n: number): string => plural(n, 'unit');

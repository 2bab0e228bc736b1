/**
 * Réunion-specific formatting: the score-sheet marks.
 */
import type { ScoreMark } from '../../../games/reunion/index.ts';

/** A deal score as written on the score sheet: `/` for a Stange with nothing, underlined for a trickless dealer. */
export function formatMark(points: number, mark: ScoreMark): string {
  if (mark === 'slash') return '/';
  if (mark === 'underlined') return `__${points}__`;
  return String(points);
}

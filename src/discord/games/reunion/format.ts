/**
 * Réunion-specific formatting in the reader's language: card labels, the trump suit's name, units, the score-sheet
 * marks and the sentence for a refused move (`reunion:*` in src/i18n).
 */
import type { Card, Suit } from '../../../cards/french.ts';
import type { DealScore, ScoreMark } from '../../../games/reunion/index.ts';
import type { IllegalReason } from '../../../games/types.ts';
import type { Locale } from '../../../i18n/index.ts';
import { frenchLabel } from '../../kit/french-labels.ts';
import { nameOf, signed } from '../../kit/format.ts';
import type { Names } from '../types.ts';

/** A card as the language writes it: `J♣` → "J♣" / "B♣". */
export const cardLabel =
  (loc: Locale) =>
  (card: string): string =>
    frenchLabel(loc, card as Card);

/** Several cards by their labels, space-separated: "10♥ 7♣". */
export const cardList = (loc: Locale, cards: readonly string[]): string => cards.map(cardLabel(loc)).join(' ');

/** A suit by its name and symbol: `♥` → "hearts ♥" / "Herz ♥". */
export const suitName = (loc: Locale, suit: Suit | string): string => loc.t('reunion:suit', { name: loc.t(`card.suit.${suit}`), symbol: suit });

/** "1 unit" / "2 Einheiten". */
export const unitsText = (loc: Locale, n: number): string => loc.t('reunion:units', { count: n });

/** A signed number of units: "+2 units", "−1 Einheit", "0 units". */
export const signedUnits = (loc: Locale, n: number): string => loc.t('reunion:signedUnits', { count: Math.abs(n), n: signed(n) });

/** A deal score as written on the score sheet: `/` for a Stange with nothing, underlined for a trickless dealer. */
export function formatMark(loc: Locale, points: number, mark: ScoreMark): string {
  if (mark === 'slash') return '/';
  if (mark === 'underlined') return `__${loc.number(points)}__`;
  return loc.number(points);
}

/**
 * "Anna 120 · Bernd / · Carl 30": a deal's card points per seat with their score-sheet marks, for the seats that
 * played it (`active`; absent: every seat); with 4 or 5 players the seats sitting out follow, e.g. "· Dora sits out".
 */
export function dealScores(loc: Locale, d: Pick<DealScore, 'cardPoints' | 'marks' | 'active'>, names: Names): string {
  const active = activeOf(d);
  const played = active.map((s) => `${nameOf(names, s)} ${formatMark(loc, d.cardPoints[s] ?? 0, d.marks[s] ?? 'plain')}`);
  const out = sittingOut(d.cardPoints.length, active);
  return [...played, ...(out.length ? [sitOutText(loc, out, names)] : [])].join(' · ');
}

/** The seats that played a deal: `active`, or every seat for a deal recorded before 4–5 players existed. */
export const activeOf = (d: Pick<DealScore, 'cardPoints' | 'active'>): number[] => d.active ?? d.cardPoints.map((_, s) => s);

/** The seats of a table of `seats` not in `active` (those sitting the deal out), ascending. */
export const sittingOut = (seats: number, active: readonly number[]): number[] =>
  Array.from({ length: seats }, (_, s) => s).filter((s) => !active.includes(s));

/** "Dora sits out" / "Dora and Emil sit out" (`reunion:sitOut`). */
export const sitOutText = (loc: Locale, seats: readonly number[], names: Names): string =>
  loc.t('reunion:sitOut', { count: seats.length, names: loc.list(seats.map((s) => nameOf(names, s))) });

/**
 * The sentence for a move the engine refused (`reunion:refusal.<code>`, codes in `REUNION_REFUSALS`): a `card`
 * variable is shown as the language's card label, `suit` and `trump` by the suit's name.
 */
export function refusal(loc: Locale, reason: IllegalReason): string {
  const vars: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(reason.vars ?? {})) {
    const text = Array.isArray(value) ? value.join(' ') : (value as string | number);
    if (key === 'card') vars[key] = cardLabel(loc)(String(text));
    else if (key === 'suit' || key === 'trump') vars[key] = suitName(loc, String(text));
    else vars[key] = text;
  }
  return loc.t(`reunion:refusal.${reason.code}`, vars);
}

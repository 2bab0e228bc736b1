/**
 * The easy player: always draws from the stock; melds what it can (the finder's best first meld once it
 * reaches the minimum, then any meld, the largest first), lays off what it can (natural cards before jokers),
 * and discards the allowed card with the highest penalty, never a joker while it has another choice.
 * Rule source: docs/rules/romme.md § A turn, § First meld, § Card values.
 */
import { handValue, isJoker } from '../../games/romme/pack.ts';
import type { RommeMove, RommeView } from '../../games/romme/types.ts';
import { legalFromView } from './table.ts';

type Discard = Extract<RommeMove, { type: 'discard' }>;

/** The easy move for the seat to move. Throws if the seat has no legal move. */
export function easyMove(view: RommeView): RommeMove {
  if (view.phase === 'draw') return { type: 'draw', from: 'stock' };
  const moves = legalFromView(view);
  if (moves.length === 0) throw new Error('no legal move for this seat');
  const melds = moves.filter((m): m is Extract<RommeMove, { type: 'meld' }> => m.type === 'meld');
  const size = (m: Extract<RommeMove, { type: 'meld' }>) => m.groups.reduce((t, g) => t + g.cards.length, 0);
  if (melds.length > 0) return melds.reduce((a, b) => (size(b) > size(a) ? b : a));
  const layOffs = moves.filter((m): m is Extract<RommeMove, { type: 'layOff' }> => m.type === 'layOff');
  const layOff = layOffs.find((m) => !isJoker(m.card)) ?? layOffs[0];
  if (layOff) return layOff;
  const discards = moves.filter((m): m is Discard => m.type === 'discard');
  if (discards.length === 0) return moves[0] as RommeMove; // the card taken from the pile must still be placed
  return highestDiscard(discards, view.options.jokerValue);
}

/** The discard of the costliest natural card (a joker only when nothing else may go), ties by card id. */
export function highestDiscard(discards: readonly Discard[], jokerValue: number): Discard {
  const cost = (d: Discard) => (isJoker(d.card) ? -1 : handValue(d.card, jokerValue));
  return discards.reduce((a, b) => (cost(b) > cost(a) || (cost(b) === cost(a) && b.card < a.card) ? b : a));
}

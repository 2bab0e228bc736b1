/**
 * Legality for Réunion: the dealer's discard and trick play. The only place rules about what may be
 * played live; `apply` checks every move here first.
 * Rule source: docs/rules/reunion.md § Deal (4.), § Play.
 */
import { type Card, type Suit, rankOf } from '../../cards/french.ts';
import type { IllegalReason, Seat } from '../types.ts';
import { effectiveSuit, isBower } from './ranking.ts';
import type { Play, ReunionMove, ReunionState } from './types.ts';

/**
 * Every code a Réunion refusal can carry. Variables: `card` (a card id) for `not_in_hand` and the discard bars,
 * `suit` (the suit led) for `must_follow` and `must_trump`, `trump` (the trump suit) for `must_follow_trumps` and
 * `must_trump`. The Discord UI words each one as `reunion:refusal.<code>` (src/i18n).
 */
export const REUNION_REFUSALS = [
  'game_over',
  'discard_over',
  'not_dealer',
  'discard_pair',
  'not_in_hand',
  'discard_turn_up',
  'discard_bower',
  'discard_ace',
  'discard_two_tens',
  'discard_first',
  'wait_for_discard',
  'not_your_turn',
  'must_follow_trumps',
  'must_follow',
  'must_trump',
  'unknown_move',
] as const;

/** A refusal code of Réunion. */
export type ReunionRefusal = (typeof REUNION_REFUSALS)[number];

/** A refusal: its code and the cards or suits it names. */
const refuse = (code: ReunionRefusal, vars?: Record<string, string>): IllegalReason => (vars ? { code, vars } : { code });

/** Why a single card may not be discarded at all (ace, bower, the turn-up), or null if it may. */
export function discardBar(card: Card, trump: Suit, turnUp: Card): IllegalReason | null {
  if (card === turnUp) return refuse('discard_turn_up', { card: turnUp });
  if (isBower(card, trump)) return refuse('discard_bower', { card });
  if (rankOf(card) === 'A') return refuse('discard_ace', { card });
  return null;
}

/**
 * Check the dealer's discard of two cards: two different cards from the hand, no ace, no bower,
 * not the turn-up, not more than one ten. Returns the reason it is refused, or null.
 */
export function checkDiscard(state: ReunionState, seat: Seat, cards: readonly Card[]): IllegalReason | null {
  if (state.phase === 'over') return refuse('game_over');
  if (state.phase !== 'discard') return refuse('discard_over');
  if (seat !== state.dealer) return refuse('not_dealer');
  if (cards.length !== 2 || cards[0] === cards[1]) return refuse('discard_pair');
  const hand = state.hands[seat] as Card[];
  for (const card of cards) {
    if (!hand.includes(card)) return refuse('not_in_hand', { card });
    const bar = discardBar(card, state.trump, state.turnUp);
    if (bar) return bar;
  }
  if (cards.every((c) => rankOf(c) === '10')) return refuse('discard_two_tens');
  return null;
}

/**
 * The cards of `hand` that may be played to `trick`: any card to lead; otherwise follow the suit led
 * if able (the left bower counts as a trump), else a trump if able, else any card.
 */
export function playableCards(hand: readonly Card[], trick: readonly Play[], trump: Suit): Card[] {
  if (trick.length === 0) return hand.slice();
  const led = effectiveSuit((trick[0] as Play).card, trump);
  const follow = hand.filter((c) => effectiveSuit(c, trump) === led);
  if (follow.length > 0) return follow;
  const trumps = hand.filter((c) => effectiveSuit(c, trump) === trump);
  return trumps.length > 0 ? trumps : hand.slice();
}

/** The seat whose turn it is to play in phase `play`. */
export function seatToPlay(state: ReunionState): Seat {
  return (state.leader + state.trick.length) % state.seats;
}

/** Check a card play; returns the reason it is refused, or null. */
export function checkPlay(state: ReunionState, seat: Seat, card: Card): IllegalReason | null {
  if (state.phase === 'discard') return refuse(seat === state.dealer ? 'discard_first' : 'wait_for_discard');
  if (state.phase !== 'play') return refuse('game_over');
  if (seat !== seatToPlay(state)) return refuse('not_your_turn');
  const hand = state.hands[seat] as Card[];
  if (!hand.includes(card)) return refuse('not_in_hand', { card });
  const allowed = playableCards(hand, state.trick, state.trump);
  if (allowed.includes(card)) return null;
  const led = effectiveSuit((state.trick[0] as Play).card, state.trump);
  if (led === state.trump) return refuse('must_follow_trumps', { trump: state.trump });
  if (allowed.some((c) => effectiveSuit(c, state.trump) === led)) return refuse('must_follow', { suit: led });
  return refuse('must_trump', { suit: led, trump: state.trump });
}

/** Check any move by `seat`, including its shape (moves may come from outside); null if legal. */
export function checkMove(state: ReunionState, seat: Seat, move: ReunionMove): IllegalReason | null {
  const m = move as Partial<{ type: unknown; cards: unknown; card: unknown }> | null;
  if (m?.type === 'discard' && Array.isArray(m.cards)) return checkDiscard(state, seat, m.cards as Card[]);
  if (m?.type === 'play' && typeof m.card === 'string') return checkPlay(state, seat, m.card as Card);
  return refuse('unknown_move');
}

/** Every legal move for `seat` (empty when it is not that seat's turn). Discards are listed as unordered pairs. */
export function legalMoves(state: ReunionState, seat: Seat): ReunionMove[] {
  if (state.phase === 'discard') {
    if (seat !== state.dealer) return [];
    const hand = (state.hands[seat] as Card[]).filter((c) => !discardBar(c, state.trump, state.turnUp));
    const moves: ReunionMove[] = [];
    for (let i = 0; i < hand.length; i++)
      for (let j = i + 1; j < hand.length; j++) {
        const pair: [Card, Card] = [hand[i] as Card, hand[j] as Card];
        if (!(rankOf(pair[0]) === '10' && rankOf(pair[1]) === '10')) moves.push({ type: 'discard', cards: pair });
      }
    return moves;
  }
  if (state.phase !== 'play' || seat !== seatToPlay(state)) return [];
  return playableCards(state.hands[seat] as Card[], state.trick, state.trump).map((card) => ({ type: 'play', card }));
}

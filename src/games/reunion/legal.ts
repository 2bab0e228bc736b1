/**
 * Legality for Réunion: the dealer's discard, the Staubaus announcements and exchange, and trick play. The only
 * place rules about what may be played live; `apply` checks every move here first.
 * Rule source: docs/rules/reunion.md § Deal (4.), § Play, § Variants.
 */
import { type Card, FRENCH_32, type Suit, SUITS, rankOf, suitOf } from '../../cards/french.ts';
import type { IllegalReason, Seat } from '../types.ts';
import { effectiveSuit, isBower } from './ranking.ts';
import { isActive, nextActive, playOrder } from './seats.ts';
import type { Announcement, Play, ReunionMove, ReunionState } from './types.ts';

/**
 * Every code a Réunion refusal can carry. Variables: `card` (a card id) for `not_in_hand`, the discard bars,
 * `name_own_card` and `name_in_discard`; `suit` (the suit led) for `must_follow` and `must_trump`; `trump` (the trump
 * suit) for `must_follow_trumps`, `must_trump`, `staubaus_turned_suit` and `staubaus_other_suit`. The Discord UI
 * words each one as `reunion:refusal.<code>` (src/i18n).
 * Staubaus (§ Variants): `sitting_out` (the seat sits this deal out), `wait_for_staubaus` (a card played while the
 * announcements or the exchange are under way), `no_announcement_now`, `staubaus_turned_suit` (first round: only the
 * turned suit), `staubaus_other_suit` (second round: a suit other than the turned one), `not_announcer`,
 * `no_naming_now`, `name_own_card`, `name_in_discard` (nobody holds it: name another), `no_give_back_now`.
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
  'sitting_out',
  'wait_for_staubaus',
  'no_announcement_now',
  'staubaus_turned_suit',
  'staubaus_other_suit',
  'not_announcer',
  'no_naming_now',
  'name_own_card',
  'name_in_discard',
  'no_give_back_now',
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
 * if able (the left bower counts as a trump; in the suit game `suitGame` every jack does), else a trump if able,
 * else any card.
 */
export function playableCards(hand: readonly Card[], trick: readonly Play[], trump: Suit, suitGame = false): Card[] {
  if (trick.length === 0) return hand.slice();
  const led = effectiveSuit((trick[0] as Play).card, trump, suitGame);
  const follow = hand.filter((c) => effectiveSuit(c, trump, suitGame) === led);
  if (follow.length > 0) return follow;
  const trumps = hand.filter((c) => effectiveSuit(c, trump, suitGame) === trump);
  return trumps.length > 0 ? trumps : hand.slice();
}

/** True while a Große Ekart Staubaus is played: every jack is a trump (§ Variants). */
export const isSuitGame = (state: ReunionState): boolean => state.staubaus?.round === 2;

/** The seat whose turn it is to play in phase `play`: from the leader on among the active seats. */
export function seatToPlay(state: ReunionState): Seat {
  let seat = state.leader;
  for (let i = 0; i < state.trick.length; i++) seat = nextActive(state.seats, state.dealer, seat);
  return seat;
}

/** Check a card play; returns the reason it is refused, or null. */
export function checkPlay(state: ReunionState, seat: Seat, card: Card): IllegalReason | null {
  if (state.phase === 'over') return refuse('game_over');
  if (!isActive(state.seats, state.dealer, seat)) return refuse('sitting_out');
  if (state.phase === 'discard') return refuse(seat === state.dealer ? 'discard_first' : 'wait_for_discard');
  if (state.phase !== 'play') return refuse('wait_for_staubaus');
  if (seat !== seatToPlay(state)) return refuse('not_your_turn');
  const hand = state.hands[seat] as Card[];
  if (!hand.includes(card)) return refuse('not_in_hand', { card });
  const suitGame = isSuitGame(state);
  const allowed = playableCards(hand, state.trick, state.trump, suitGame);
  if (allowed.includes(card)) return null;
  const led = effectiveSuit((state.trick[0] as Play).card, state.trump, suitGame);
  if (led === state.trump) return refuse('must_follow_trumps', { trump: state.trump });
  if (allowed.some((c) => effectiveSuit(c, state.trump, suitGame) === led)) return refuse('must_follow', { suit: led });
  return refuse('must_trump', { suit: led, trump: state.trump });
}

/** How many announcement rounds the options give: 0 (no Ekart), 1 (Kleine Ekart), 2 (Große Ekart, which implies the first). */
export function announcementRounds(options: { kleineEkart?: boolean; grosseEkart?: boolean }): 0 | 1 | 2 {
  if (options.grosseEkart) return 2;
  return options.kleineEkart ? 1 : 0;
}

/** The seat to announce or pass next and the round (phase `announce`): forehand, the next player, the dealer, per round. */
export function announceTurn(state: ReunionState): { seat: Seat; round: 1 | 2 } {
  const n = (state.announcements ?? []).length;
  return { seat: playOrder(state.seats, state.dealer)[n % 3] as Seat, round: n < 3 ? 1 : 2 };
}

/** Check a Staubaus announcement (`suit` as given, may be absent) or a pass; null if legal. */
export function checkAnnouncement(state: ReunionState, seat: Seat, call: Announcement['call'], suit: unknown): IllegalReason | null {
  if (state.phase === 'over') return refuse('game_over');
  if (!isActive(state.seats, state.dealer, seat)) return refuse('sitting_out');
  if (state.phase !== 'announce') return refuse('no_announcement_now');
  const turn = announceTurn(state);
  if (seat !== turn.seat) return refuse('not_your_turn');
  if (call === 'pass') return null;
  const turned = suitOf(state.turnUp);
  if (turn.round === 1) return suit === undefined || suit === turned ? null : refuse('staubaus_turned_suit', { trump: turned });
  return SUITS.includes(suit as Suit) && suit !== turned ? null : refuse('staubaus_other_suit', { trump: turned });
}

/** Check the announcer's naming of `card`: not in their own hand, and held by someone (not in the discard); null if legal. */
export function checkName(state: ReunionState, seat: Seat, card: Card): IllegalReason | null {
  if (state.phase === 'over') return refuse('game_over');
  if (!isActive(state.seats, state.dealer, seat)) return refuse('sitting_out');
  if (state.phase !== 'name' || !state.staubaus) return refuse('no_naming_now');
  if (seat !== state.staubaus.announcer) return refuse('not_announcer');
  if ((state.hands[seat] as Card[]).includes(card)) return refuse('name_own_card', { card });
  if (holderOf(state, card) === null) return refuse('name_in_discard', { card });
  return null;
}

/** The seat holding `card` in its hand, or null (it lies in the discard, or has been played). */
export function holderOf(state: ReunionState, card: Card): Seat | null {
  const seat = state.hands.findIndex((h) => h.includes(card));
  return seat < 0 ? null : seat;
}

/** Check the announcer's giving back of `card` to the holder of the named card; null if legal. */
export function checkGiveBack(state: ReunionState, seat: Seat, card: Card): IllegalReason | null {
  if (state.phase === 'over') return refuse('game_over');
  if (!isActive(state.seats, state.dealer, seat)) return refuse('sitting_out');
  if (state.phase !== 'giveBack' || !state.staubaus) return refuse('no_give_back_now');
  if (seat !== state.staubaus.announcer) return refuse('not_announcer');
  if (!(state.hands[seat] as Card[]).includes(card)) return refuse('not_in_hand', { card });
  return null;
}

/** Check any move by `seat`, including its shape (moves may come from outside); null if legal. */
export function checkMove(state: ReunionState, seat: Seat, move: ReunionMove): IllegalReason | null {
  const m = move as Partial<{ type: unknown; cards: unknown; card: unknown; suit: unknown }> | null;
  if (m?.type === 'discard' && Array.isArray(m.cards)) return checkDiscard(state, seat, m.cards as Card[]);
  if (m?.type === 'play' && typeof m.card === 'string') return checkPlay(state, seat, m.card as Card);
  if (m?.type === 'pass') return checkAnnouncement(state, seat, 'pass', undefined);
  if (m?.type === 'staubaus') return checkAnnouncement(state, seat, 'staubaus', m.suit);
  const card = FRENCH_32.includes(m?.card as Card) ? (m?.card as Card) : null;
  if (m?.type === 'name' && card) return checkName(state, seat, card);
  if (m?.type === 'giveBack' && card) return checkGiveBack(state, seat, card);
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
  if (state.phase === 'announce') {
    const turn = announceTurn(state);
    if (seat !== turn.seat) return [];
    if (turn.round === 1) return [{ type: 'staubaus' }, { type: 'pass' }];
    const turned = suitOf(state.turnUp);
    return [...SUITS.filter((s) => s !== turned).map((suit): ReunionMove => ({ type: 'staubaus', suit })), { type: 'pass' }];
  }
  const hand = state.hands[seat] as Card[];
  if (state.phase === 'name') {
    if (seat !== state.staubaus?.announcer) return [];
    return FRENCH_32.filter((c) => !hand.includes(c) && holderOf(state, c) !== null).map((card) => ({ type: 'name', card }));
  }
  if (state.phase === 'giveBack') return seat === state.staubaus?.announcer ? hand.map((card) => ({ type: 'giveBack', card })) : [];
  if (state.phase !== 'play' || seat !== seatToPlay(state)) return [];
  return playableCards(hand, state.trick, state.trump, isSuitGame(state)).map((card) => ({ type: 'play', card }));
}

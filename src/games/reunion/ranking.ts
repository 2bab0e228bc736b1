/**
 * Trump-aware suits, trick ranking and card points for Réunion.
 * Rule source: docs/rules/reunion.md § Trumps and ranking, § Card points.
 */
import { type Card, type Suit, rankOf, suitOf } from '../../cards/french.ts';

/** The right bower: the jack of trumps. */
export function rightBower(trump: Suit): Card {
  return RIGHT_BOWER[trump];
}
const RIGHT_BOWER = { '♣': 'J♣', '♠': 'J♠', '♥': 'J♥', '♦': 'J♦' } as const;
const LEFT_BOWER = { '♣': 'J♠', '♠': 'J♣', '♥': 'J♦', '♦': 'J♥' } as const;

/** The left bower: the jack of the other suit of the same colour as trumps. */
export function leftBower(trump: Suit): Card {
  return LEFT_BOWER[trump];
}

/** True for the right or left bower. */
export function isBower(card: Card, trump: Suit): boolean {
  return card === rightBower(trump) || card === leftBower(trump);
}

/**
 * The suit a card belongs to for play: the left bower belongs to trumps for every purpose. In the suit game
 * (`suitGame`, Große Ekart, docs/rules/reunion.md § Variants) every jack is a trump and belongs to no plain suit.
 */
export function effectiveSuit(card: Card, trump: Suit, suitGame = false): Suit {
  return card === leftBower(trump) || (suitGame && rankOf(card) === 'J') ? trump : suitOf(card);
}

export function isTrump(card: Card, trump: Suit, suitGame = false): boolean {
  return effectiveSuit(card, trump, suitGame) === trump;
}

const TRUMP_ORDER = ['RB', 'LB', 'A', '10', 'K', 'Q', '9', '8', '7'];
const PLAIN_ORDER = ['A', '10', 'K', 'Q', 'J', '9', '8', '7'];
/** The order of the two other jacks among the suit game's trumps (§ Variants, Große Ekart): ♣ above ♠ above ♥ above ♦. */
const JACK_ORDER: readonly Suit[] = ['♣', '♠', '♥', '♦'];

/**
 * Strength of a card within its effective suit, higher is stronger.
 * Trumps: RB, LB, A, 10, K, Q, 9, 8, 7. Plain suits: A, 10, K, Q, J, 9, 8, 7.
 * Suit game (`suitGame`): trumps RB, LB, the two other jacks (♣ ♠ ♥ ♦ order), A, 10, K, Q, 9, 8, 7 — 11 trumps.
 */
export function strength(card: Card, trump: Suit, suitGame = false): number {
  const top = 100 + TRUMP_ORDER.length + (suitGame ? 2 : 0);
  if (card === rightBower(trump)) return top;
  if (card === leftBower(trump)) return top - 1;
  const rank = rankOf(card);
  if (suitGame && rank === 'J') return top - 2 - otherJacks(trump).indexOf(card);
  if (suitOf(card) === trump) return 100 + TRUMP_ORDER.length - TRUMP_ORDER.indexOf(rank);
  return PLAIN_ORDER.length - PLAIN_ORDER.indexOf(rank);
}

/** The suit game's two jacks below the bowers, highest first (♣ ♠ ♥ ♦ order). */
function otherJacks(trump: Suit): Card[] {
  return JACK_ORDER.map((s) => `J${s}` as Card).filter((c) => !isBower(c, trump));
}

/**
 * Index in `cards` of the card that wins the trick: the highest trump, else the highest card of the suit led.
 * `suitGame`: the Große Ekart ranking (every jack a trump).
 */
export function trickWinnerIndex(cards: readonly Card[], trump: Suit, suitGame = false): number {
  const led = effectiveSuit(cards[0] as Card, trump, suitGame);
  let best = 0;
  let bestScore = -1;
  cards.forEach((card, i) => {
    const suit = effectiveSuit(card, trump, suitGame);
    const score = suit === trump ? 1000 + strength(card, trump, suitGame) : suit === led ? strength(card, trump, suitGame) : -1;
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}

/** Card points at the end of the deal for the winner of the last trick. */
export const LAST_TRICK_BONUS = 10;

/** Card points of all 32 cards plus the last-trick bonus, per deal. */
export const DEAL_TOTAL = 150;

const POINTS: Record<string, number> = { A: 11, '10': 10, K: 4, Q: 3, J: 2, '9': 0, '8': 0, '7': 0 };

/** Card points of one card: bowers 12, ace 11, ten 10, king 4, queen 3, other jacks 2, 9-8-7 nothing. */
export function cardPoints(card: Card, trump: Suit): number {
  return isBower(card, trump) ? 12 : (POINTS[rankOf(card)] as number);
}

/** Sum of card points of several cards. */
export function sumPoints(cards: readonly Card[], trump: Suit): number {
  let total = 0;
  for (const c of cards) total += cardPoints(c, trump);
  return total;
}

const SUIT_DISPLAY_ORDER: readonly Suit[] = ['♣', '♥', '♠', '♦'];

/**
 * A hand sorted for display: trumps first (right bower, left bower, A, 10, K, Q, 9, 8, 7; in the suit game
 * `suitGame` the other two jacks after the bowers), then the plain suits alternating colours, each high to low.
 */
export function sortHand(hand: readonly Card[], trump: Suit, suitGame = false): Card[] {
  const suitKey = (c: Card) => (effectiveSuit(c, trump, suitGame) === trump ? -1 : SUIT_DISPLAY_ORDER.indexOf(suitOf(c)));
  return hand.slice().sort((a, b) => suitKey(a) - suitKey(b) || strength(b, trump, suitGame) - strength(a, trump, suitGame));
}

/**
 * The moves the strong player compares by simulation: all legal moves, with cards that are worth the
 * same for the rest of the deal merged, and a short list of discards instead of every combination.
 * Rule source: docs/rules/dreierles.md § Exchange, § Play.
 */
import type { CegoCard } from '../../cards/cego.ts';
import type { DreierlesMove, DreierlesView } from '../../games/dreierles/types.ts';
import { SUITS, cardValue, cegoStrength, cegoSuit, isKing, isTrump } from './card-facts.ts';
import { discardOrder } from './easy.ts';
import { playedCards } from './sample.ts';

/** Most discards the strong player simulates. */
export const MAX_DISCARD_CANDIDATES = 6;

/**
 * Legal cards with equivalent ones merged: two cards of the same suit and value are equivalent when every
 * card ranked between them is in the same hand or out of play (`played`: played, or in the blind or discard
 * as this seat knows it), so no other seat can tell them apart.
 */
export function distinctCards(legal: readonly CegoCard[], hand: readonly CegoCard[], played: readonly CegoCard[]): CegoCard[] {
  const gone = new Set<CegoCard>([...hand, ...played]);
  const bySuit = new Map<string, CegoCard[]>();
  for (const c of legal) {
    const s = cegoSuit(c);
    const list = bySuit.get(s) ?? [];
    list.push(c);
    bySuit.set(s, list);
  }
  const out: CegoCard[] = [];
  for (const [suit, cards] of bySuit) {
    cards.sort((a, b) => cegoStrength(a) - cegoStrength(b));
    let prev: CegoCard | null = null;
    for (const c of cards) {
      if (prev !== null && cardValue(prev) === cardValue(c) && allBetweenGone(suit, prev, c, gone)) continue;
      out.push(c);
      prev = c;
    }
  }
  return out;
}

/** Whether every card of `suit` ranked strictly between `low` and `high` is in `gone`. */
function allBetweenGone(suit: string, low: CegoCard, high: CegoCard, gone: ReadonlySet<CegoCard>): boolean {
  const lo = cegoStrength(low);
  const hi = cegoStrength(high);
  for (let st = lo + 1; st < hi; st++) {
    const card = cardOf(suit, st);
    if (!gone.has(card)) return false;
  }
  return true;
}

const RED = ['4', '3', '2', 'A', 'J', 'C', 'Q', 'K'];
const BLACK = ['7', '8', '9', '10', 'J', 'C', 'Q', 'K'];
/** The card of `suit` ('T' for trumps) with strength `st` (trumps 1 … 22 = Stiess; plain 1 … 8 = King). */
function cardOf(suit: string, st: number): CegoCard {
  if (suit === 'T') return st === 22 ? 'Stiess' : String(st);
  const ranks = suit === '♥' || suit === '♦' ? RED : BLACK;
  return `${ranks[st - 1]}${suit}`;
}

/** Up to `MAX_DISCARD_CANDIDATES` distinct discards of `count` cards from `discardable`, by several heuristics. */
export function discardCandidates(hand: readonly CegoCard[], discardable: readonly CegoCard[], count: number): CegoCard[][] {
  const plain = discardable.filter((c) => !isTrump(c));
  const forcedTrumps = plain.length < count;
  const orders: CegoCard[][] = [discardOrder(hand, discardable)];
  if (!forcedTrumps) {
    // Bank the most valuable cards; throw the cheapest; void each King-less suit first.
    orders.push(plain.slice().sort((a, b) => cardValue(b) - cardValue(a) || cegoStrength(b) - cegoStrength(a)));
    orders.push(plain.slice().sort((a, b) => cardValue(a) - cardValue(b) || cegoStrength(a) - cegoStrength(b)));
    for (const suit of SUITS) {
      if (hand.some((c) => isKing(c) && cegoSuit(c) === suit)) continue;
      const inSuit = plain.filter((c) => cegoSuit(c) === suit);
      if (!inSuit.length || inSuit.length > count + 1) continue;
      const rest = discardOrder(hand, plain).filter((c) => cegoSuit(c) !== suit);
      orders.push([...inSuit.sort((a, b) => cardValue(b) - cardValue(a)), ...rest]);
    }
  }
  const seen = new Set<string>();
  const out: CegoCard[][] = [];
  for (const order of orders) {
    const pick = order.slice(0, count);
    const key = pick.slice().sort().join(',');
    if (pick.length !== count || seen.has(key)) continue;
    seen.add(key);
    out.push(pick);
    if (out.length >= MAX_DISCARD_CANDIDATES) break;
  }
  return out;
}

/**
 * The moves to compare for `view`: bids and pass, discards (short list), announcements, knocks, and cards
 * (equivalent cards merged). Every move is legal.
 */
export function candidateMoves(view: DreierlesView): DreierlesMove[] {
  if (view.phase === 'discard') return discardCandidates(view.hand, view.discardable, view.discardCount).map((cards) => ({ type: 'discard', cards }));
  if (view.phase === 'play') {
    const legal = view.legal.flatMap((m) => (m.type === 'play' ? [m.card] : []));
    return distinctCards(legal, view.hand, [...playedCards(view), ...view.blindRest, ...view.discard]).map((card) => ({ type: 'play', card }));
  }
  return view.legal.slice();
}

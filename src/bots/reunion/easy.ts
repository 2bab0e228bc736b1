/**
 * The easy Réunion player: a few plain rules, also used by the strong player's rollouts (so it works on card
 * masks, see ./card-masks.ts). It remembers the cards played in the deal, but not who is void in what.
 * - Lead: draw trumps with the top trump when long in trumps; else cash a plain card that is the highest
 *   left in its suit; else lead the cheapest plain card (from the shortest suit).
 * - Second to play: take the trick with a card no one can beat in its suit when there are points in it;
 *   otherwise throw the cheapest card.
 * - Last to play: win as cheaply as possible when the trick (with the winning card) has points; else throw
 *   the cheapest card. A seat that must trump (void in the suit led) trumps as cheaply as it can.
 * - The dealer discards (§ Deal 4.) to bank points that are likely lost (an unguarded ten, short kings and
 *   queens) and to void short plain suits; it keeps trumps and aces (those cannot be discarded anyway).
 * - Staubaus (Kleine/Große Ekart, § Variants): it announces only a hand with no loser by the plain count of
 *   ./staubaus.ts once it has named the card that helps most and given back the least useful one (in the
 *   second round, the first suit where that holds); the Staubaus deal is played by the rules of ./staubaus.ts.
 * It plays any deal it is active in, with 3, 4 or 5 players (seats sitting out never act).
 * Rule source: docs/rules/reunion.md § Deal, § Play, § Card points, § Variants.
 */
import { type Card, suitOf } from '../../cards/french.ts';
import type { ReunionMove, ReunionView } from '../../games/reunion/types.ts';
import type { Policy } from '../types.ts';
import { ALL_CARDS, cardIndex, cardLabel, maskOf, tableFor, type TrumpTable } from './card-masks.ts';
import { exchanged, giveBackCard, losers, nameCard, staubausCard } from './staubaus.ts';

// Local copies of the mask helpers of ./card-masks.ts: these run millions of times per second in rollouts, where a call
// through a module binding costs more than the work (under CommonJS loaders and test runners).
const lowestBit = (m: number): number => 31 - Math.clz32(m & -m);
function popcount(mask: number): number {
  let m = mask >>> 0;
  m = m - ((m >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (((m + (m >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The card of `mask` that costs least to give away: fewest card points, then weakest, then from the shortest suit. */
export function cheapest(t: TrumpTable, mask: number, hand: number): number {
  let best = -1;
  let bestKey = Infinity;
  for (let m = mask >>> 0; m !== 0; m = (m & (m - 1)) >>> 0) {
    const c = lowestBit(m);
    const key = t.points[c]! * 10000 + t.power[c]! * 20 + popcount(hand & t.suitMask[t.suit[c]!]!);
    if (key < bestKey) {
      bestKey = key;
      best = c;
    }
  }
  return best;
}

/** The strongest card of `mask` (highest trick strength; trumps above plain cards). */
function strongest(t: TrumpTable, mask: number): number {
  let best = -1;
  for (let m = mask >>> 0; m !== 0; m = (m & (m - 1)) >>> 0) {
    const c = lowestBit(m);
    if (best < 0 || t.power[c]! > t.power[best]!) best = c;
  }
  return best;
}

/** True if no card still out (not played, not in `hand`) of the same effective suit beats card `c`. */
export function isTopCard(t: TrumpTable, c: number, hand: number, played: number): boolean {
  const out = (t.suitMask[t.suit[c]!]! & ~played & ~hand) >>> 0;
  for (let m = out; m !== 0; m = (m & (m - 1)) >>> 0) if (t.power[lowestBit(m)]! > t.power[c]!) return false;
  return true;
}

/** The card to lead from `hand` (non-empty), given the cards already played in the deal. */
function lead(t: TrumpTable, hand: number, played: number): number {
  const trumps = (hand & t.trumpMask) >>> 0;
  const plain = (hand & ~t.trumpMask) >>> 0;
  const trumpsOut = (t.trumpMask & ~played & ~hand) >>> 0;
  if (trumps && trumpsOut) {
    const top = strongest(t, trumps);
    const mine = popcount(trumps);
    if (isTopCard(t, top, hand, played) && (mine >= 3 || mine >= popcount(trumpsOut))) return top;
  }
  // Cash a plain card that is the highest left in its suit (while the suit is still out), the most points first.
  let cash = -1;
  for (let m = plain; m !== 0; m = (m & (m - 1)) >>> 0) {
    const c = lowestBit(m);
    const suitOut = (t.suitMask[t.suit[c]!]! & ~played & ~hand) >>> 0;
    if (suitOut && isTopCard(t, c, hand, played) && (cash < 0 || t.points[c]! > t.points[cash]!)) cash = c;
  }
  if (cash >= 0) return cash;
  if (plain) return cheapest(t, plain, hand);
  const top = strongest(t, trumps);
  return isTopCard(t, top, hand, played) ? top : cheapest(t, trumps, hand);
}

/**
 * The easy player's card: `hand` (mask), the trick so far (its first `trickLen` card indices, in order of play), `played` (mask of
 * every card played in the deal, the trick in progress included), `cardsLeft` (cards still in the hands, the
 * acting seat's included). Returns a card index of a legal card.
 */
export function easyCard(t: TrumpTable, hand: number, trick: ArrayLike<number>, trickLen: number, played: number, cardsLeft: number): number {
  if (trickLen === 0) return (hand & (hand - 1)) === 0 ? lowestBit(hand) : lead(t, hand, played);
  const led = t.suit[trick[0]!]!;
  const legal = (hand & t.suitMask[led]!) >>> 0 || (hand & t.trumpMask) >>> 0 || hand;
  if ((legal & (legal - 1)) === 0) return lowestBit(legal);
  let win = trick[0]!;
  for (let i = 1; i < trickLen; i++) {
    const c = trick[i]!;
    if (t.suit[c] === t.suit[win] ? t.power[c]! > t.power[win]! : t.suit[c] === t.trump) win = c;
  }
  let trickPoints = 0;
  for (let i = 0; i < trickLen; i++) trickPoints += t.points[trick[i]!]!;
  let winners = 0;
  for (let m = legal; m !== 0; m = (m & (m - 1)) >>> 0) {
    const c = lowestBit(m);
    const sc = t.suit[c];
    if (sc === t.suit[win] ? t.power[c]! > t.power[win]! : sc === t.trump) winners = (winners | (1 << c)) >>> 0;
  }
  if (trickLen === 2) {
    if (!winners) return cheapest(t, legal, hand);
    const w = cheapest(t, winners, hand);
    return trickPoints + t.points[w]! > 0 || cardsLeft <= 3 ? w : cheapest(t, legal, hand);
  }
  // Second to play: one seat still to come.
  if (winners) {
    let sure = 0;
    for (let m = winners; m !== 0; m = (m & (m - 1)) >>> 0) {
      const c = lowestBit(m);
      if (isTopCard(t, c, hand, played)) sure = (sure | (1 << c)) >>> 0;
    }
    if (sure) {
      const w = cheapest(t, sure, hand);
      if (trickPoints + t.points[w]! > 0) return w;
    }
    if (trickPoints >= 10) return cheapest(t, winners, hand);
  }
  return cheapest(t, legal, hand);
}

/**
 * How much the dealer likes to discard card `c` from `hand` (12 cards): points banked when the card would
 * likely be lost in play, cards of short plain suits; trumps are kept. Higher = better to discard.
 */
function discardLike(t: TrumpTable, hand: number, c: number): number {
  const s = t.suit[c]!;
  if (s === t.trump) return -30 - t.power[c]!;
  const inSuit = (hand & t.suitMask[s]!) >>> 0;
  const len = popcount(inSuit);
  const guarded = (inSuit & t.aceMask) !== 0;
  const p = t.points[c]!;
  if (p === 10) return guarded ? -5 : 12;
  if (p > 0) return p + (guarded ? -2 : 2) + (4 - len);
  return 2 + (4 - len);
}

/** The easy player's liking for discarding the pair `a`, `b` (card indices) from `hand`: higher is better. */
export function discardScore(t: TrumpTable, hand: number, a: number, b: number): number {
  let score = discardLike(t, hand, a) + discardLike(t, hand, b);
  const left = (hand & ~(1 << a) & ~(1 << b)) >>> 0;
  if (popcount(left & t.trumpMask) >= 2)
    for (const c of t.suit[a] === t.suit[b] ? [a] : [a, b]) if (t.suit[c] !== t.trump && (left & t.suitMask[t.suit[c]!]!) === 0) score += 6;
  return score;
}

/** The legal discards of the view, best first by the easy player's liking (stable: ties keep the engine's order). */
export function rankDiscards(view: ReunionView): { move: ReunionMove & { type: 'discard' }; score: number }[] {
  const t = tableFor(view.trump);
  const hand = maskOf(view.hand);
  return view.legal
    .filter((m): m is ReunionMove & { type: 'discard' } => m.type === 'discard')
    .map((move) => ({ move, score: discardScore(t, hand, cardIndex(move.cards[0]), cardIndex(move.cards[1])) }))
    .sort((x, y) => y.score - x.score);
}

/** Mask of every card played in the current deal as the view shows it (completed tricks and the trick in progress). */
export function playedMask(view: ReunionView): number {
  let m = maskOf(view.trick.map((p) => p.card));
  for (const trick of view.tricks) m = (m | maskOf(trick.plays.map((p) => p.card))) >>> 0;
  return m;
}

/** The trump table of a Staubaus announcement (`move.type === 'staubaus'`) of the view: the suit game in round 2. */
export function announcedTable(view: ReunionView, move: ReunionMove & { type: 'staubaus' }): TrumpTable {
  return tableFor(move.suit ?? suitOf(view.turnUp), move.suit !== undefined);
}

/** The card found in the legal moves of the view, or the first legal move. */
const legalCard = (view: ReunionView, type: 'name' | 'giveBack' | 'play', card: Card): ReunionMove =>
  view.legal.find((m) => m.type === type && m.card === card) ?? (view.legal[0] as ReunionMove);

/**
 * The cards the seat of `view` may name for Staubaus (§ Variants) without being refused, as a mask: the dealer knows its
 * discard, so any card not in its hand or discard; another seat only the cards that cannot lie in the discard (an
 * ace, a bower of the turned suit, the turn-up; § Deal 4.).
 */
export function safeNameMask(view: ReunionView): number {
  if (view.seat === view.dealer) return (ALL_CARDS & ~maskOf(view.hand) & ~maskOf(view.discard)) >>> 0;
  const turned = tableFor(suitOf(view.turnUp));
  return (turned.aceMask | (1 << turned.rightBower) | (1 << turned.leftBower) | (1 << cardIndex(view.turnUp))) >>> 0;
}

/**
 * The name moves of the view that are never refused (`safeNameMask`). For an announcer who is not the dealer the
 * turn-up is always among them (it lies in the dealer's hand); the dealer's view lists none of its own discard, so
 * all its name moves are safe. All name moves if there were none such.
 */
export function safeNames(view: ReunionView): ReunionMove[] {
  const mask = safeNameMask(view);
  const safe = view.legal.filter((m) => m.type === 'name' && (mask & (1 << cardIndex(m.card))) !== 0);
  return safe.length ? safe : view.legal;
}

/**
 * Staubaus moves (§ Variants): announce the first suit whose hand, after the exchange, has no loser (else pass);
 * name the card that helps most (from `safeNames`); give back the least useful card; play by `staubausCard`.
 */
function staubausMove(view: ReunionView): ReunionMove {
  const hand = maskOf(view.hand);
  if (view.phase === 'announce') {
    const open = (safeNameMask(view) & ~hand) >>> 0;
    for (const m of view.legal)
      if (m.type === 'staubaus' && losers(announcedTable(view, m), exchanged(announcedTable(view, m), hand, open).hand) === 0) return m;
    return view.legal.find((m) => m.type === 'pass') ?? (view.legal[0] as ReunionMove);
  }
  const t = tableFor(view.trump, view.staubaus?.round === 2);
  if (view.phase === 'name')
    return legalCard(view, 'name', cardLabel(nameCard(t, hand, maskOf(safeNames(view).flatMap((m) => (m.type === 'name' ? [m.card] : []))))));
  if (view.phase === 'giveBack') return legalCard(view, 'giveBack', cardLabel(giveBackCard(t, hand)));
  const trick = view.trick.map((p) => cardIndex(p.card));
  const seats = view.trick.map((p) => p.seat);
  const c = staubausCard(t, hand, trick, seats, trick.length, playedMask(view), view.staubaus?.announcer ?? -1);
  return legalCard(view, 'play', cardLabel(c));
}

/**
 * The easy policy: the card of `easyCard`, or the best discard by `discardScore`, or the Staubaus moves of
 * `staubausMove` (announcements, the exchange and the play of a Staubaus deal). Deterministic (no randomness).
 */
export const easyPolicy: Policy<ReunionView, ReunionMove> = (view) => {
  if (view.legal.length === 0) throw new Error('no legal move for this seat');
  if (view.legal.length === 1) return view.legal[0] as ReunionMove;
  if (view.phase === 'discard') return (rankDiscards(view)[0] as { move: ReunionMove }).move;
  if (view.phase !== 'play' || view.staubaus) return staubausMove(view);
  const t = tableFor(view.trump);
  const hand = maskOf(view.hand);
  const cardsLeft = view.handSizes.reduce((a, b) => a + b, 0);
  const trick = view.trick.map((p) => cardIndex(p.card));
  const card: Card = cardLabel(easyCard(t, hand, trick, trick.length, playedMask(view), cardsLeft));
  return legalCard(view, 'play', card);
};

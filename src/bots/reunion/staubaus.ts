/**
 * Staubaus for the Réunion computer players (Kleine and Große Ekart, docs/rules/reunion.md § Variants), on card
 * masks (./card-masks.ts) so the strong player's rollouts can use it:
 * - Play: the announcer leads every trick (it leads the first and wins the others, or the deal is over): its
 *   strongest trump while the opponents hold trumps, else the card the fewest outstanding cards beat. The
 *   opponents need one trick: each beats the announcer's card when it can (the cheapest card that does when it
 *   plays last, the strongest when the other opponent is still to come) and otherwise throws its least useful card.
 * - Hand strength: `losers`, a count of the tricks a hand may lose (trumps it cannot draw, plain cards below the
 *   top of their suit). The easy player announces only with no loser; the name and give-back rules minimise it.
 */
import { popcount, type TrumpTable } from './card-masks.ts';

const lowestBit = (m: number): number => 31 - Math.clz32(m & -m);

/** Number of cards of `mask` stronger than card `c` in its effective suit. */
function strongerIn(t: TrumpTable, c: number, mask: number): number {
  let n = 0;
  for (let m = (mask & t.suitMask[t.suit[c]!]!) >>> 0; m !== 0; m = (m & (m - 1)) >>> 0) if (t.power[lowestBit(m)]! > t.power[c]!) n++;
  return n;
}

/** The announcer's lead from `hand` (non-empty), given the cards played (`played`). */
function announcerLead(t: TrumpTable, hand: number, played: number): number {
  const out = (~hand & ~played) >>> 0;
  const trumps = (hand & t.trumpMask) >>> 0;
  if (trumps && (out & t.trumpMask) !== 0) {
    let best = lowestBit(trumps);
    for (let m = trumps; m !== 0; m = (m & (m - 1)) >>> 0) if (t.power[lowestBit(m)]! > t.power[best]!) best = lowestBit(m);
    return best;
  }
  // The card fewest outstanding cards beat; then from the longest suit, then the strongest.
  let best = -1;
  let bestKey = Infinity;
  for (let m = hand >>> 0; m !== 0; m = (m & (m - 1)) >>> 0) {
    const c = lowestBit(m);
    const key = strongerIn(t, c, out) * 1000 - popcount(hand & t.suitMask[t.suit[c]!]!) * 20 - t.power[c]!;
    if (key < bestKey) {
      bestKey = key;
      best = c;
    }
  }
  return best;
}

/** The card an opponent throws when it cannot win the trick: not a top card of its suit if it can help it, the weakest. */
function throwAway(t: TrumpTable, legal: number, hand: number, played: number): number {
  const out = (~hand & ~played) >>> 0;
  let best = -1;
  let bestKey = Infinity;
  for (let m = legal >>> 0; m !== 0; m = (m & (m - 1)) >>> 0) {
    const c = lowestBit(m);
    const top = strongerIn(t, c, out) === 0;
    const key = (t.suit[c] === t.trump ? 2000 : 0) + (top ? 1000 : 0) + t.power[c]! * 10 - popcount(hand & t.suitMask[t.suit[c]!]!);
    if (key < bestKey) {
      bestKey = key;
      best = c;
    }
  }
  return best;
}

/**
 * The Staubaus card of the seat to play holding `hand` (mask): the trick so far (`trickCards`, `trickSeats`,
 * its first `trickLen` entries), the cards played in the deal (`played`, the trick included) and the announcer's
 * seat. Returns a legal card index (follow suit, else trump, else any; by the effective suits of `t`).
 */
export function staubausCard(
  t: TrumpTable,
  hand: number,
  trickCards: ArrayLike<number>,
  trickSeats: ArrayLike<number>,
  trickLen: number,
  played: number,
  announcer: number,
): number {
  if (trickLen === 0) return announcerLead(t, hand, played);
  const led = t.suit[trickCards[0]!]!;
  const legal = (hand & t.suitMask[led]!) >>> 0 || (hand & t.trumpMask) >>> 0 || hand;
  if ((legal & (legal - 1)) === 0) return lowestBit(legal);
  let wi = 0;
  for (let i = 1; i < trickLen; i++) {
    const c = trickCards[i]!;
    const w = trickCards[wi]!;
    if (t.suit[c] === t.suit[w] ? t.power[c]! > t.power[w]! : t.suit[c] === t.trump) wi = i;
  }
  const win = trickCards[wi]!;
  // The other opponent already beats the announcer (or the announcer follows, which it never does as it leads).
  if (trickSeats[wi] !== announcer) return throwAway(t, legal, hand, played);
  let cheapest = -1;
  let strongest = -1;
  const rank = (c: number) => (t.suit[c] === t.trump ? 100 : 0) + t.power[c]!;
  for (let m = legal; m !== 0; m = (m & (m - 1)) >>> 0) {
    const c = lowestBit(m);
    if (!(t.suit[c] === t.suit[win] ? t.power[c]! > t.power[win]! : t.suit[c] === t.trump)) continue;
    if (cheapest < 0 || rank(c) < rank(cheapest)) cheapest = c;
    if (strongest < 0 || rank(c) > rank(strongest)) strongest = c;
  }
  if (cheapest < 0) return throwAway(t, legal, hand, played);
  return trickLen === 2 ? cheapest : strongest;
}

/** Cards of `order` (strongest first) held in `hand` before the first one missing. */
function topSequence(order: readonly number[], hand: number): number {
  let n = 0;
  for (const c of order) {
    if (!(hand & (1 << c))) break;
    n++;
  }
  return n;
}

/**
 * Tricks a Staubaus hand (mask, before any card is played) may lose, counted plainly: trumps below the top
 * sequence unless that sequence draws every trump out (at least one loser when it cannot); per plain suit, the
 * cards below the suit's top sequence unless that sequence outnumbers the cards out. 0 = near-certain winners.
 */
export function losers(t: TrumpTable, hand: number): number {
  const trumps = (hand & t.trumpMask) >>> 0;
  const mine = popcount(trumps);
  const out = popcount(t.trumpMask) - mine;
  const seq = topSequence(t.bySuitHighToLow[t.trump]!, hand);
  let n = seq >= out ? 0 : Math.max(1, mine - seq);
  for (let s = 0; s < 4; s++) {
    if (s === t.trump) continue;
    const len = popcount(hand & t.suitMask[s]!);
    if (len === 0) continue;
    const top = topSequence(t.bySuitHighToLow[s]!, hand);
    if (top < popcount(t.suitMask[s]!) - len) n += len - top;
  }
  return n;
}

/**
 * The card to give back from `hand` (11 cards, the named card included): the one whose loss leaves the fewest
 * `losers`; among those, a plain card before a trump, the weakest, from the shortest suit.
 */
export function giveBackCard(t: TrumpTable, hand: number): number {
  let best = -1;
  let bestKey = Infinity;
  for (let m = hand >>> 0; m !== 0; m = (m & (m - 1)) >>> 0) {
    const c = lowestBit(m);
    const rest = (hand & ~(1 << c)) >>> 0;
    const key = losers(t, rest) * 100000 + (t.suit[c] === t.trump ? 10000 : 0) + t.power[c]! * 100 + popcount(rest & t.suitMask[t.suit[c]!]!);
    if (key < bestKey) {
      bestKey = key;
      best = c;
    }
  }
  return best;
}

/**
 * The card to name from `allowed` (cards held by someone else, mask): the one that, once received and the
 * `giveBackCard` given back, leaves the fewest `losers`; among those the strongest (trumps first).
 */
export function nameCard(t: TrumpTable, hand: number, allowed: number): number {
  let best = -1;
  let bestKey = Infinity;
  for (let m = allowed >>> 0; m !== 0; m = (m & (m - 1)) >>> 0) {
    const c = lowestBit(m);
    const got = (hand | (1 << c)) >>> 0;
    const after = (got & ~(1 << giveBackCard(t, got))) >>> 0;
    const key = losers(t, after) * 1000 - (t.suit[c] === t.trump ? 200 : 0) - t.power[c]!;
    if (key < bestKey) {
      bestKey = key;
      best = c;
    }
  }
  return best;
}

/** `hand` after naming (from `allowed`) and giving back by the rules above; also the cards named and given back. */
export function exchanged(t: TrumpTable, hand: number, allowed: number): { hand: number; named: number; given: number } {
  const named = nameCard(t, hand, allowed);
  const got = (hand | (1 << named)) >>> 0;
  const given = giveBackCard(t, got);
  return { hand: (got & ~(1 << given)) >>> 0, named, given };
}

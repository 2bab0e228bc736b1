/**
 * The easy Dreierles player: simple rules on the seat's own hand and the trick on the table.
 * Each decision is a small function of plain inputs, so the strong player's rollouts can call it on a
 * sampled full state as cheaply as the policy calls it on a view. Rule source: docs/rules/dreierles.md.
 */
import type { CegoCard } from '../../cards/cego.ts';
import { CONTRACTS, type Contract, type DreierlesMove, type DreierlesView, type Play } from '../../games/dreierles/types.ts';
import type { Seat } from '../../games/types.ts';
import type { Policy } from '../types.ts';
import {
  PFEIFE,
  STIESS,
  beats,
  cardValue,
  cegoStrength,
  cegoSuit,
  handStrength,
  isKing,
  isTrump,
  rawValue,
  trumpCount,
  winningPlay,
} from './card-facts.ts';

/** Lowest strength count (see `handStrength`) for each contract; below the Dreier threshold the easy player passes. */
export const BID_THRESHOLDS: Record<Contract, number> = { dreier: 13, zweier: 16, einer: 19, solo: 22 };

/** What the easy player needs to choose a card: the seat, its hand, its legal cards, the trick and the roles. */
export interface PlayInfo {
  seat: Seat;
  hand: readonly CegoCard[];
  /** Legal cards now (non-empty). */
  legal: readonly CegoCard[];
  trick: readonly Play[];
  /** Null in Räuber. */
  declarer: Seat | null;
  tricksPlayed: number;
}

/** The contract the easy player bids among `biddable` (ascending, all legal), or null to pass. */
export function easyBid(hand: readonly CegoCard[], biddable: readonly Contract[]): Contract | null {
  const strength = handStrength(hand);
  let best: Contract | null = null;
  for (const c of biddable) if (strength >= BID_THRESHOLDS[c]) best = c;
  return best;
}

/**
 * Order of preference for discarding (lower first): cards of short plain suits without a King first (to
 * void them), the counting cards of such a suit before its empty cards (they count safely in the discard);
 * then empty cards of other suits, lowest first; trumps (only when forced) last, lowest first.
 */
export function discardOrder(hand: readonly CegoCard[], discardable: readonly CegoCard[]): CegoCard[] {
  const len: Record<string, number> = {};
  const king: Record<string, boolean> = {};
  for (const c of hand) {
    const s = cegoSuit(c);
    len[s] = (len[s] ?? 0) + 1;
    if (isKing(c)) king[s] = true;
  }
  const key = (c: CegoCard): number => {
    const s = cegoSuit(c);
    if (s === 'T') return 1000 + cegoStrength(c);
    const n = len[s] ?? 0;
    if (!king[s] && n <= 3) return n * 20 - cardValue(c) * 2;
    return 100 + cardValue(c) * 10 + cegoStrength(c);
  };
  return discardable.slice().sort((a, b) => key(a) - key(b));
}

/** The easy discard: the first `count` cards of `discardOrder`. */
export function easyDiscard(hand: readonly CegoCard[], discardable: readonly CegoCard[], count: number): CegoCard[] {
  return discardOrder(hand, discardable).slice(0, count);
}

/** Whether the easy declarer lays out the Pfeife: only with a very strong hand (12+ trumps with the Stiess and the 21). */
export function easyPfeifeRaus(hand: readonly CegoCard[]): boolean {
  return hand.includes(PFEIFE) && hand.includes(STIESS) && hand.includes('21') && trumpCount(hand) >= 12;
}

/** Whether the easy player knocks: a defender with 9+ trumps holding the Stiess and the 21; the declarer with 12+ trumps. */
export function easyKnock(hand: readonly CegoCard[], isDeclarer: boolean): boolean {
  const trumps = trumpCount(hand);
  if (isDeclarer) return trumps >= 12 && hand.includes(STIESS);
  return trumps >= 9 && hand.includes(STIESS) && hand.includes('21');
}

/** Whether the easy player knocks in Räuber: only with a hand unlikely to take the most (no Stiess, 21 or King, at most 4 trumps). */
export function easyRaeuberKnock(hand: readonly CegoCard[]): boolean {
  return !hand.includes(STIESS) && !hand.includes('21') && !hand.some(isKing) && trumpCount(hand) <= 4;
}

/** The card of least worth: lowest value, then lowest strength (plain before trump on ties). */
function cheapest(cards: readonly CegoCard[]): CegoCard {
  let best = cards[0] as CegoCard;
  let bestKey = Infinity;
  for (const c of cards) {
    const k = cardValue(c) * 100 + (isTrump(c) ? 30 : 0) + cegoStrength(c);
    if (k < bestKey) {
      best = c;
      bestKey = k;
    }
  }
  return best;
}

/** The card to smear on a partner's trick: the most valuable card that is not the Stiess or the 21 (lowest trump if only those). */
function smear(cards: readonly CegoCard[]): CegoCard {
  let best: CegoCard | null = null;
  let bestKey = -Infinity;
  for (const c of cards) {
    if (c === STIESS || c === '21') continue;
    const k = cardValue(c) * 100 - (isTrump(c) ? 50 + cegoStrength(c) : 0) + (isTrump(c) ? 0 : cegoStrength(c));
    if (k > bestKey) {
      best = c;
      bestKey = k;
    }
  }
  return best ?? cheapest(cards);
}

/** The weakest card of `cards` that still wins (lowest strength; the Pfeife only if nothing else wins). */
function cheapestWinner(cards: readonly CegoCard[]): CegoCard {
  let best = cards[0] as CegoCard;
  for (const c of cards) {
    if (best === PFEIFE && c !== PFEIFE) best = c;
    else if (c !== PFEIFE && cegoStrength(c) < cegoStrength(best) && isTrump(c) === isTrump(best)) best = c;
    else if (c !== PFEIFE && !isTrump(c) && isTrump(best)) best = c;
  }
  return best;
}

/** A card that cannot be beaten much: the Stiess, the 21, or the 20 or 19. */
const isBoss = (c: CegoCard): boolean => isTrump(c) && cegoStrength(c) >= 19;

function leadCard(p: PlayInfo): CegoCard {
  const legal = p.legal;
  const isDeclarer = p.seat === p.declarer;
  if (isDeclarer) {
    if (legal.includes(STIESS)) return STIESS;
    if (legal.includes('21') && trumpCount(p.hand) >= 7) return '21';
  }
  const king = legal.find((c) => isKing(c));
  if (king && p.tricksPlayed < 10) return king;
  // A low plain card, from the longest plain suit for a defender, the shortest for the declarer.
  const len: Record<string, number> = {};
  for (const c of p.hand) len[cegoSuit(c)] = (len[cegoSuit(c)] ?? 0) + 1;
  let best: CegoCard | null = null;
  let bestKey = Infinity;
  for (const c of legal) {
    if (isTrump(c)) continue;
    const n = len[cegoSuit(c)] ?? 0;
    const k = cardValue(c) * 100 + (isDeclarer ? n : -n) * 10 + cegoStrength(c) / 10;
    if (k < bestKey) {
      best = c;
      bestKey = k;
    }
  }
  if (best && cardValue(best) <= 2) return best;
  const trumps = legal.filter((c) => isTrump(c) && c !== PFEIFE && c !== STIESS && c !== '21');
  if (trumps.length)
    return isDeclarer && trumpCount(p.hand) >= 8
      ? (trumps.reduce((a, b) => (cegoStrength(b) > cegoStrength(a) ? b : a)) as CegoCard)
      : cheapest(trumps);
  return best ?? cheapest(legal);
}

function raeuberCard(p: PlayInfo): CegoCard {
  const legal = p.legal;
  if (p.trick.length === 0) {
    // Lead low: the lowest plain card, else the lowest trump.
    let best: CegoCard | null = null;
    for (const c of legal) if (!isTrump(c) && (!best || cegoStrength(c) * 10 + cardValue(c) < cegoStrength(best) * 10 + cardValue(best))) best = c;
    return best ?? cheapest(legal);
  }
  const win = winningPlay(p.trick);
  const led = cegoSuit((p.trick[0] as Play).card);
  const losers = legal.filter((c) => !beats(c, win.card, led));
  if (losers.length) {
    // Dump the most valuable (then the highest) card that loses.
    let best = losers[0] as CegoCard;
    for (const c of losers) if (cardValue(c) * 100 + cegoStrength(c) > cardValue(best) * 100 + cegoStrength(best)) best = c;
    return best;
  }
  // Every card wins: as the last to play take it with the highest card; otherwise with the cheapest.
  if (p.trick.length === 2) {
    let best = legal[0] as CegoCard;
    for (const c of legal) if (cardValue(c) * -100 + cegoStrength(c) > cardValue(best) * -100 + cegoStrength(best)) best = c;
    return best;
  }
  return cheapest(legal);
}

/**
 * The easy card: follow cheap when the trick is lost; win cheaply (trumping if void) when the trick holds
 * counting cards or as the last to play; smear counting cards on a partner's safe trick as a defender;
 * in Räuber, duck under the winning card and dump the most valuable card.
 */
export function easyCard(p: PlayInfo): CegoCard {
  const legal = p.legal;
  if (legal.length === 1) return legal[0] as CegoCard;
  if (p.declarer === null) return raeuberCard(p);
  if (p.trick.length === 0) return leadCard(p);
  const win = winningPlay(p.trick);
  const led = cegoSuit((p.trick[0] as Play).card);
  const last = p.trick.length === 2;
  const isDeclarer = p.seat === p.declarer;
  if (!isDeclarer && win.seat !== p.declarer) {
    // The partner is winning: smear if it is safe (the declarer has played, or the card is a boss).
    const declarerPlayed = p.trick.some((x) => x.seat === p.declarer);
    if (last || declarerPlayed || isBoss(win.card)) return smear(legal);
    return cheapest(legal);
  }
  const winners = legal.filter((c) => beats(c, win.card, led));
  if (winners.length) {
    const points = rawValue(p.trick.map((x) => x.card));
    const worth = points >= p.trick.length + 1 || last || (isDeclarer && p.trick.length === 1);
    if (worth) {
      if (last) return cheapestWinner(winners);
      // Not last: win with a King or a high trump so the last player is less likely to beat it.
      const sure = winners.filter((c) => isBoss(c) || (isKing(c) && cegoSuit(c) === led));
      if (sure.length) return cheapestWinner(sure);
      return cheapestWinner(winners);
    }
  }
  return cheapest(legal);
}

/** The easy move for a view (any phase; the sitting-out dealer always knocks in Räuber, where it can only gain). */
export function easyMove(view: DreierlesView): DreierlesMove {
  const seat = view.seat as Seat;
  const hand = view.hand;
  switch (view.phase) {
    case 'auction': {
      const biddable = view.legal.flatMap((m) => (m.type === 'bid' ? [m.contract] : [])).sort((a, b) => CONTRACTS.indexOf(a) - CONTRACTS.indexOf(b));
      const c = easyBid(hand, biddable);
      return c ? { type: 'bid', contract: c } : { type: 'pass' };
    }
    case 'discard':
      return { type: 'discard', cards: easyDiscard(hand, view.discardable, view.discardCount) };
    case 'declare':
      if (view.legal.some((m) => m.type === 'zehnDruck')) return { type: 'zehnDruck' };
      if (view.legal.some((m) => m.type === 'pfeifeRaus') && easyPfeifeRaus(hand)) return { type: 'pfeifeRaus' };
      return { type: 'fertig' };
    case 'knock': {
      const may = view.legal.some((m) => m.type === 'knock');
      return may && easyKnock(hand, seat === view.declarer) ? { type: 'knock' } : { type: 'noKnock' };
    }
    case 'raeuberKnock': {
      const may = view.legal.some((m) => m.type === 'knock');
      return may && (!view.active.includes(seat) || easyRaeuberKnock(hand)) ? { type: 'knock' } : { type: 'noKnock' };
    }
    case 'play': {
      const legal = view.legal.flatMap((m) => (m.type === 'play' ? [m.card] : []));
      return { type: 'play', card: easyCard({ seat, hand, legal, trick: view.trick, declarer: view.declarer, tricksPlayed: view.tricksPlayed }) };
    }
    default:
      if (view.legal.length === 0) throw new Error('no legal move for this seat');
      return view.legal[0] as DreierlesMove;
  }
}

/** The easy policy (deterministic: it needs no randomness). */
export const easyPolicy: Policy<DreierlesView, DreierlesMove> = (view) => easyMove(view);

/**
 * Meld rules for Rommé: which groups are valid sets or runs (and, with jokers, every way to read them),
 * their value for the first-meld minimum, lay-offs and joker swaps.
 * Rule source: docs/rules/romme.md § Melds, § Card values, § Joker swap.
 */
import { type CardId, type Suit, SUITS, isJoker, labelFor, meldValue, rankNumber, suitOfCard } from './pack.ts';
import type { IllegalReason } from '../types.ts';
import type { Meld, RommeOptions, RommeRefusal } from './types.ts';

/** A valid reading of a group: a set of a rank, or a run of a suit from `start`, cards in order. */
export type Reading = { kind: 'set'; rank: number; cards: CardId[] } | { kind: 'run'; suit: Suit; start: number; cards: CardId[] };

/** Value of run position `p` (unwrapped: 1 = ace low, 14 = ace high, 15+ = around the corner). */
export function positionValue(p: number): number {
  if (p === 1) return 1;
  if (p === 14) return 11;
  return meldValue(p > 14 ? p - 13 : p);
}

/** The rank number (1–13) at unwrapped run position `p`. */
const rankAt = (p: number): number => ((p - 1) % 13) + 1;

/** Value of a reading for the first-meld minimum: jokers count as the card they stand for; an ace in a set 11. */
export function readingValue(r: Reading): number {
  if (r.kind === 'set') return r.cards.length * (r.rank === 1 ? 11 : meldValue(r.rank));
  let total = 0;
  for (let i = 0; i < r.cards.length; i++) total += positionValue(r.start + i);
  return total;
}

/** Jokers may never outnumber natural cards (so one natural and two jokers is never a meld). */
const jokerShareOk = (jokers: number, naturals: number): boolean => jokers <= naturals;

/** No three jokers side by side; two only in a run of four or more. */
function jokerAdjacencyOk(cards: readonly CardId[]): boolean {
  let run = 0;
  for (const c of cards) {
    run = isJoker(c) ? run + 1 : 0;
    if (run >= 3 || (run === 2 && cards.length < 4)) return false;
  }
  return true;
}

/** The set reading of `cards`, or null: 3–4 cards of one rank, natural suits all different. */
function asSet(cards: readonly CardId[]): Reading | null {
  if (cards.length < 3 || cards.length > 4) return null;
  const naturals = cards.filter((c) => !isJoker(c));
  if (naturals.length === 0 || !jokerShareOk(cards.length - naturals.length, naturals.length)) return null;
  const rank = rankNumber(naturals[0] as CardId);
  if (naturals.some((c) => rankNumber(c) !== rank)) return null;
  if (new Set(naturals.map(suitOfCard)).size !== naturals.length) return null;
  return { kind: 'set', rank, cards: [...naturals, ...cards.filter(isJoker)] };
}

/**
 * Every run reading of `cards`: 3+ cards of one suit in sequence, jokers filling gaps or either end; the ace
 * low (A-2-3) or high (Q-K-A), never in the middle unless `aroundTheCorner`.
 */
function asRuns(cards: readonly CardId[], options: Pick<RommeOptions, 'aroundTheCorner'>): Reading[] {
  const n = cards.length;
  if (n < 3) return [];
  const naturals = cards.filter((c) => !isJoker(c));
  const jokers = cards.filter(isJoker);
  if (naturals.length === 0 || !jokerShareOk(jokers.length, naturals.length)) return [];
  const suit = suitOfCard(naturals[0] as CardId);
  if (naturals.some((c) => suitOfCard(c) !== suit)) return [];
  const maxStart = options.aroundTheCorner ? 13 : 15 - n;
  if (!options.aroundTheCorner && n > 14) return [];
  if (options.aroundTheCorner && n > 13) return [];
  const out: Reading[] = [];
  for (let start = 1; start <= maxStart; start++) {
    const slots: (CardId | null)[] = new Array<CardId | null>(n).fill(null);
    let fits = true;
    for (const c of naturals) {
      const r = rankNumber(c);
      // Positions in this window holding rank r (the ace may sit at 1 or 14).
      const candidates: number[] = [];
      for (let i = 0; i < n; i++) {
        const p = start + i;
        const atRank = options.aroundTheCorner ? rankAt(p) === r : p === r || (r === 1 && p === 14);
        if (atRank && slots[i] === null) candidates.push(i);
      }
      if (candidates.length === 0) {
        fits = false;
        break;
      }
      slots[candidates[0] as number] = c;
    }
    if (!fits) continue;
    let j = 0;
    const ordered = slots.map((c) => c ?? (jokers[j++] as CardId));
    if (!jokerAdjacencyOk(ordered)) continue;
    out.push({ kind: 'run', suit, start, cards: ordered });
  }
  return out;
}

/** Every valid reading of a group (empty if it is no meld). */
export function readings(cards: readonly CardId[], options: Pick<RommeOptions, 'aroundTheCorner'>): Reading[] {
  if (new Set(cards).size !== cards.length) return [];
  const set = asSet(cards);
  return set ? [set] : asRuns(cards, options);
}

/**
 * The readings a player chooses among when melding `cards`: every reading while a joker's place is open; a group
 * of natural cards only (a 13-card run, whose ace may be low or high, or which may go around the corner at any
 * rank) has nothing to name, so it keeps its most valuable reading (the lowest start on a tie).
 */
export function meldReadings(cards: readonly CardId[], options: Pick<RommeOptions, 'aroundTheCorner'>): Reading[] {
  const all = readings(cards, options);
  if (all.length <= 1 || cards.some(isJoker)) return all;
  return [all.reduce((a, b) => (readingValue(b) > readingValue(a) ? b : a))];
}

/** Why a group is no meld: the refusal's code (`romme:refusal.<code>` in src/i18n has the sentence). */
export function whyNotMeld(cards: readonly CardId[]): IllegalReason {
  const because = (code: RommeRefusal): IllegalReason => ({ code });
  const naturals = cards.filter((c) => !isJoker(c));
  if (cards.length < 3) return because('meld_too_short');
  if (cards.length - naturals.length > naturals.length) return because('jokers_outnumber');
  const ranks = new Set(naturals.map(rankNumber));
  const suits = naturals.map(suitOfCard);
  if (ranks.size === 1 && new Set(suits).size !== suits.length) return because('set_suits');
  if (ranks.size === 1 && cards.length > 4) return because('set_too_long');
  return because('not_a_meld');
}

/** The table meld a reading becomes. */
export function toMeld(r: Reading, no: number, owner: number): Meld {
  return r.kind === 'set'
    ? { no, owner, kind: 'set', rank: r.rank, cards: r.cards }
    : { no, owner, kind: 'run', suit: r.suit, start: r.start, cards: r.cards };
}

/**
 * The cards (labels) a card of `meld` may stand for: a natural card its own; a joker in a run the one card of its
 * position; a joker in a set each suit the set's natural cards lack, in pack order — one when three suits are there
 * (A♣ A♥ A♦ Joker: A♠), two in a set of two natural cards (A♣ A♥ Joker: A♠ or A♦), as the rules leave open which
 * (docs/rules/romme.md § Melds).
 */
export function standsFor(meld: Meld, index: number): string[] {
  const c = meld.cards[index] as CardId;
  if (!isJoker(c)) return [c.slice(0, c.indexOf('/'))];
  if (meld.kind === 'run') return [labelFor(rankAt(meld.start + index), meld.suit)];
  const present = new Set(meld.cards.filter((x) => !isJoker(x)).map(suitOfCard));
  return SUITS.filter((s) => !present.has(s)).map((s) => labelFor(meld.rank, s));
}

/**
 * `meld` with `card` laid off (a new meld), or null if it does not fit. On a run, a card goes at the low or
 * high end (`end` decides for a joker that fits both); on a set, a fourth card of a missing suit or a joker.
 */
export function layOff(meld: Meld, card: CardId, options: Pick<RommeOptions, 'aroundTheCorner'>, end?: 'low' | 'high'): Meld | null {
  if (meld.kind === 'set') {
    const r = asSet([...meld.cards, card]);
    return r ? { ...meld, cards: r.cards } : null;
  }
  const tries: ('low' | 'high')[] = end ? [end] : ['high', 'low'];
  const fits: Meld[] = [];
  for (const e of tries) {
    const cards = e === 'low' ? [card, ...meld.cards] : [...meld.cards, card];
    // Below a low ace the run starts at the king (13) when it may go around the corner, else nowhere.
    const start = e === 'high' ? meld.start : meld.start > 1 ? meld.start - 1 : options.aroundTheCorner ? 13 : 0;
    const r = asRuns(cards, options).find((x) => x.kind === 'run' && x.start === start && x.cards.every((c, i) => c === cards[i]));
    if (r && r.kind === 'run') fits.push({ ...meld, start: r.start, cards: r.cards });
  }
  // A joker that fits both ends needs `end`; a natural card fits at most one.
  if (!end && fits.length > 1 && isJoker(card)) return null;
  return fits[0] ?? null;
}

/** Whether a joker laid off on `meld` could go at either end (the player must then say which). */
export function jokerEndAmbiguous(meld: Meld, joker: CardId, options: Pick<RommeOptions, 'aroundTheCorner'>): boolean {
  return meld.kind === 'run' && !!layOff(meld, joker, options, 'low') && !!layOff(meld, joker, options, 'high');
}

/**
 * Put natural card(s) into `meld` for its joker(s). A run: one natural, the card a joker stands for. A set:
 * one natural of the set's rank in a suit it lacks — or, with strict set swap, enough naturals to make four
 * natural cards of four suits. Returns the changed meld and the freed jokers, or null.
 */
export function swapJoker(meld: Meld, naturals: readonly CardId[], strictSetSwap: boolean): { meld: Meld; freed: CardId[] } | null {
  if (naturals.length === 0 || naturals.some(isJoker)) return null;
  if (meld.kind === 'run') {
    if (naturals.length !== 1) return null;
    const natural = naturals[0] as CardId;
    const i = meld.cards.findIndex((c, idx) => isJoker(c) && standsFor(meld, idx)[0] === natural.slice(0, natural.indexOf('/')));
    if (i < 0) return null;
    const cards = meld.cards.slice();
    const freed = cards[i] as CardId;
    cards[i] = natural;
    return { meld: { ...meld, cards }, freed: [freed] };
  }
  const jokers = meld.cards.filter(isJoker);
  const setNaturals = meld.cards.filter((c) => !isJoker(c));
  if (jokers.length === 0) return null;
  if (strictSetSwap) {
    const cards = [...setNaturals, ...naturals];
    if (cards.length !== 4 || !asSet(cards) || rankNumber(naturals[0] as CardId) !== meld.rank) return null;
    return { meld: { ...meld, cards }, freed: jokers };
  }
  if (naturals.length !== 1) return null;
  const cards = [...setNaturals, naturals[0] as CardId, ...jokers.slice(1)];
  const r = asSet(cards);
  return r && rankNumber(naturals[0] as CardId) === meld.rank ? { meld: { ...meld, cards: r.cards }, freed: [jokers[0] as CardId] } : null;
}

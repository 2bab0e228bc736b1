/**
 * Determinization for the strong Réunion player: what one seat knows about the hidden cards (from its view
 * only), and random deals of the hidden cards consistent with it.
 *
 * Known to the seat: its own hand (and, as dealer, its own discard), every card played this deal, the
 * turn-up (in the dealer's hand until played: the dealer may not discard it), the hand sizes, and the voids
 * shown in play (a seat that did not follow the suit led holds none of it; one that also did not trump holds
 * no trump). Unknown: the other two hands and, to a seat that is not the dealer, the dealer's two discarded
 * cards, which obey the discard rules (no ace, no bower, not the turn-up, at most one ten).
 * Rule source: ../shared/rules/reunion.md § Deal (3.–4.), § Play.
 */
import type { Rng } from '../../cards/random.ts';
import type { ReunionView } from '../../games/reunion/types.ts';
import { ALL_CARDS, cardIndex, lowestBit, maskOf, popcount, type TrumpTable, tableFor } from './cards.ts';
import { playedMask } from './easy.ts';

/** What the acting seat knows about where the cards are. Card sets are masks (./cards.ts); suits are 0..3. */
export interface Knowledge {
  t: TrumpTable;
  /** The acting seat. */
  me: number;
  dealer: number;
  /** The turn-up's card index. */
  turnUp: number;
  /** Cards per seat now known to be in that seat's hand: the own hand, and the turn-up in the dealer's. */
  known: number[];
  /** Cards played this deal (completed tricks and the trick in progress). */
  played: number;
  /** The dealer's discard, when the acting seat is the dealer and has discarded; else 0. */
  ownDiscard: number;
  /** The cards whose place is unknown (the other hands and, to a non-dealer in play, the discard). */
  unknown: number;
  /** Unknown cards each seat still holds (0 for the acting seat). */
  holds: number[];
  /** Unknown cards in the discard: 2 while the acting seat is not the dealer and the discard is made, else 0. */
  discardHolds: number;
  /** Per seat, a 4-bit mask of the suits (by effective suit) it is known to be void in. */
  voids: number[];
}

/** Per seat, the suits (bit = suit index) it showed to be void in by not following suit or not trumping. */
export function voidsOf(view: ReunionView, t: TrumpTable): number[] {
  const voids = [0, 0, 0];
  const tricks = [...view.tricks.map((tr) => tr.plays), view.trick];
  for (const plays of tricks) {
    if (plays.length === 0) continue;
    const led = t.suit[cardIndex(plays[0]!.card)]!;
    for (const p of plays.slice(1)) {
      const s = t.suit[cardIndex(p.card)]!;
      if (s === led) continue;
      voids[p.seat]! |= 1 << led;
      if (s !== t.trump) voids[p.seat]! |= 1 << t.trump;
    }
  }
  return voids;
}

/** Everything the acting seat of `view` knows about the hidden cards. */
export function knowledgeOf(view: ReunionView): Knowledge {
  const t = tableFor(view.trump);
  const me = view.seat as number;
  const dealer = view.dealer;
  const hand = maskOf(view.hand);
  const played = playedMask(view);
  const ownDiscard = maskOf(view.discard);
  const known = [0, 0, 0];
  known[me] = hand;
  const turnUp = cardIndex(view.turnUp);
  if (me !== dealer && !(played & (1 << turnUp))) known[dealer] = (1 << turnUp) >>> 0;
  const holds = view.handSizes.map((n, seat) => (seat === me ? 0 : n - popcount(known[seat]!)));
  const discardHolds = me !== dealer && view.phase !== 'discard' ? 2 : 0;
  const unknown = (ALL_CARDS & ~played & ~ownDiscard & ~known[0]! & ~known[1]! & ~known[2]!) >>> 0;
  return { t, me, dealer, turnUp, known, played, ownDiscard, unknown, holds, discardHolds, voids: voidsOf(view, t) };
}

/** One determinization: every seat's full hand and the dealer's discard, as masks. */
export interface Deal {
  hands: number[];
  discard: number;
}

/** Holders of unknown cards: the two other seats (holder 0 and 1) and the discard (holder 2). */
const HOLDERS = 3;

/** True if cards with eligibility classes `count` (index = mask of allowed holders) fit capacities `cap` (Hall's condition). */
function fits(count: readonly number[], cap: readonly number[]): boolean {
  for (let set = 1; set < 1 << HOLDERS; set++) {
    let need = 0;
    for (let e = 1; e < 1 << HOLDERS; e++) if ((e & ~set) === 0) need += count[e]!;
    let room = 0;
    for (let h = 0; h < HOLDERS; h++) if (set & (1 << h)) room += cap[h]!;
    if (need > room) return false;
  }
  return true;
}

/**
 * A random deal of the unknown cards consistent with `k`: each other seat gets as many as it holds, none of a
 * suit it showed void in; the discard gets no ace, bower or turn-up and at most one ten. Cards are placed one by
 * one in random order, each to a holder drawn in proportion to its free room among those that keep the rest
 * placeable (uniform when nothing is known). If the constraints cannot all be met (they always can for a view
 * of a real game), the voids are dropped; null if even the hand sizes do not add up.
 */
export function sampleDeal(k: Knowledge, rng: Rng): Deal | null {
  for (let attempt = 0; attempt < 8; attempt++) {
    const d = tryDeal(k, rng, attempt < 6);
    if (d) return d;
  }
  return tryDeal({ ...k, voids: [0, 0, 0] }, rng, false);
}

function tryDeal(k: Knowledge, rng: Rng, oneTen: boolean): Deal | null {
  const t = k.t;
  const seats = [(k.me + 1) % 3, (k.me + 2) % 3];
  const cap = [k.holds[seats[0]!]!, k.holds[seats[1]!]!, k.discardHolds];
  const discardBar = (t.aceMask | (1 << t.rightBower) | (1 << t.leftBower) | (1 << k.turnUp)) >>> 0;
  const cards: number[] = [];
  for (let m = k.unknown; m !== 0; m = (m & (m - 1)) >>> 0) cards.push(lowestBit(m));
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const x = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = x;
  }
  const elig = cards.map((c) => {
    let e = 0;
    if (!(k.voids[seats[0]!]! & (1 << t.suit[c]!))) e |= 1;
    if (!(k.voids[seats[1]!]! & (1 << t.suit[c]!))) e |= 2;
    if (cap[2]! > 0 && !(discardBar & (1 << c))) e |= 4;
    return e;
  });
  const count = new Array<number>(1 << HOLDERS).fill(0);
  for (const e of elig) count[e]!++;
  if (count[0]! > 0 || !fits(count, cap)) return null;
  const got = [0, 0, 0];
  let tens = 0;
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i]!;
    let e = elig[i]!;
    count[e]!--;
    if (oneTen && tens > 0 && t.tenMask & (1 << c)) e &= ~4;
    let placed = false;
    while (!placed) {
      let room = 0;
      for (let h = 0; h < HOLDERS; h++) if (e & (1 << h)) room += cap[h]!;
      if (room === 0) return null;
      let r = rng() * room;
      let h = 0;
      for (; h < HOLDERS - 1; h++) {
        if (!(e & (1 << h))) continue;
        r -= cap[h]!;
        if (r < 0) break;
      }
      while (!(e & (1 << h)) || cap[h] === 0) h--;
      cap[h]!--;
      if (fits(count, cap)) {
        got[h] = (got[h]! | (1 << c)) >>> 0;
        if (h === 2 && t.tenMask & (1 << c)) tens++;
        placed = true;
      } else {
        cap[h]!++;
        e &= ~(1 << h);
      }
    }
  }
  const hands = k.known.slice();
  hands[seats[0]!] = (hands[seats[0]!]! | got[0]!) >>> 0;
  hands[seats[1]!] = (hands[seats[1]!]! | got[1]!) >>> 0;
  return { hands, discard: k.ownDiscard || got[2]! };
}

/**
 * Determinization for the strong Réunion player: what one seat knows about the hidden cards (from its view
 * only), and random deals of the hidden cards consistent with it.
 *
 * Known to the seat: its own hand (and, as dealer, its own discard), every card played this deal, the
 * turn-up (in the dealer's hand until played: the dealer may not discard it), the hand sizes, and the voids
 * shown in play (a seat that did not follow the suit led holds none of it; one that also did not trump holds
 * no trump). Unknown: the other two hands and, to a seat that is not the dealer, the dealer's two discarded
 * cards, which obey the discard rules (no ace, no bower of the turned suit, not the turn-up, at most one ten).
 * In a Staubaus deal (§ Variants) the named card is known to be with the announcer (the seat is assumed not to
 * have given it back, unless it sees that it did), the turn-up with the announcer when it was the named card,
 * and the card given back with its receiver to the announcer. Trumps and voids follow the deal's trumps (every
 * jack in the suit game).
 * Views are three-seat views (./seats.ts makes them so with 4 or 5 players).
 * Rule source: docs/rules/reunion.md § Deal (3.–4.), § Play, § Variants.
 */
import { suitOf } from '../../cards/french.ts';
import type { Rng } from '../../cards/random.ts';
import type { ReunionView } from '../../games/reunion/types.ts';
import { ALL_CARDS, cardIndex, lowestBit, maskOf, popcount, type TrumpTable, tableFor } from './card-masks.ts';
import { playedMask } from './easy.ts';

/** What the acting seat knows about where the cards are. Card sets are masks (./card-masks.ts); suits are 0..3. */
export interface Knowledge {
  t: TrumpTable;
  /** The acting seat. */
  me: number;
  dealer: number;
  /** The turn-up's card index. */
  turnUp: number;
  /** Cards the discard may not hold: aces, the bowers of the turned suit, the turn-up. */
  discardBar: number;
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

/** The cards seat `me` knows to be in another seat's hand (masks per seat; own hand not included). */
function knownElsewhere(view: ReunionView, me: number, dealer: number, seen: number): number[] {
  const known = [0, 0, 0];
  const place = (c: number, seat: number | null) => {
    if (seat !== null && seat !== me && !(seen & (1 << c))) known[seat] = (known[seat]! | (1 << c)) >>> 0;
  };
  const turnUp = cardIndex(view.turnUp);
  const sb = view.staubaus;
  const named = sb?.named ? cardIndex(sb.named) : -1;
  const given = sb?.givenBack ? cardIndex(sb.givenBack) : -1;
  if (sb && given >= 0) place(given, sb.holder);
  if (sb && named >= 0 && named !== given) place(named, sb.announcer);
  if (turnUp !== named && turnUp !== given) place(turnUp, dealer);
  // A guess that does not fit the hand sizes (the announcer gave back a card this seat did not see) is dropped.
  return known.map((m, seat) => (popcount(m) > (view.handSizes[seat] ?? 0) ? 0 : m));
}

/** Everything the acting seat of `view` (a three-seat view) knows about the hidden cards. */
export function knowledgeOf(view: ReunionView): Knowledge {
  const t = tableFor(view.trump, view.staubaus?.round === 2);
  const turned = tableFor(suitOf(view.turnUp));
  const me = view.seat as number;
  const dealer = view.dealer;
  const hand = maskOf(view.hand);
  const played = playedMask(view);
  const ownDiscard = maskOf(view.discard);
  const known = knownElsewhere(view, me, dealer, (played | hand | ownDiscard) >>> 0);
  known[me] = hand;
  const turnUp = cardIndex(view.turnUp);
  const holds = view.handSizes.map((n, seat) => (seat === me ? 0 : n - popcount(known[seat]!)));
  const unknown = (ALL_CARDS & ~played & ~ownDiscard & ~known[0]! & ~known[1]! & ~known[2]!) >>> 0;
  const discardHolds = me !== dealer && view.phase !== 'discard' ? 2 : 0;
  const discardBar = (turned.aceMask | (1 << turned.rightBower) | (1 << turned.leftBower) | (1 << turnUp)) >>> 0;
  return { t, me, dealer, turnUp, discardBar, known, played, ownDiscard, unknown, holds, discardHolds, voids: voidsOf(view, t) };
}

/** One determinization: every seat's full hand and the dealer's discard, as masks. */
export interface Deal {
  hands: number[];
  discard: number;
}

/** Holders of unknown cards: the two other seats (holder 0 and 1) and the discard (holder 2). */
const HOLDERS = 3;

/** Sets of holders (masks 1..7) by the holders they contain: SETS_WITH[h]. */
const SETS_WITH: number[][] = [0, 1, 2].map((h) => [1, 2, 3, 4, 5, 6, 7].filter((set) => set & (1 << h)));
/** Sets of holders containing every holder of an eligibility class: SUPERSETS[e]. */
const SUPERSETS: number[][] = Array.from({ length: 8 }, (_, e) => [1, 2, 3, 4, 5, 6, 7].filter((set) => (e & ~set) === 0));

/**
 * Hall's condition for placing the cards still to place: for every set of holders, the cards that may go only
 * to holders of that set (`need`) fit in their free room (`room`). Both are kept up to date per set.
 */
function fits(need: Int32Array, room: Int32Array): boolean {
  for (let set = 1; set < 8; set++) if (need[set]! > room[set]!) return false;
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
  const discardBar = k.discardBar;
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
  const need = new Int32Array(8);
  const room = new Int32Array(8);
  for (const e of elig) {
    if (e === 0) return null;
    for (const set of SUPERSETS[e]!) need[set]!++;
  }
  for (let h = 0; h < HOLDERS; h++) for (const set of SETS_WITH[h]!) room[set]! += cap[h]!;
  if (!fits(need, room)) return null;
  const got = [0, 0, 0];
  let tens = 0;
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i]!;
    let e = elig[i]!;
    for (const set of SUPERSETS[e]!) need[set]!--;
    if (oneTen && tens > 0 && t.tenMask & (1 << c)) e &= ~4;
    for (;;) {
      let free = 0;
      for (let h = 0; h < HOLDERS; h++) if (e & (1 << h)) free += cap[h]!;
      if (free === 0) return null;
      let r = rng() * free;
      let h = 0;
      for (; h < HOLDERS - 1; h++) {
        if (!(e & (1 << h))) continue;
        r -= cap[h]!;
        if (r < 0) break;
      }
      while (!(e & (1 << h)) || cap[h] === 0) h--;
      cap[h]!--;
      for (const set of SETS_WITH[h]!) room[set]!--;
      if (fits(need, room)) {
        got[h] = (got[h]! | (1 << c)) >>> 0;
        if (h === 2 && t.tenMask & (1 << c)) tens++;
        break;
      }
      cap[h]!++;
      for (const set of SETS_WITH[h]!) room[set]!++;
      e &= ~(1 << h);
    }
  }
  const hands = k.known.slice();
  hands[seats[0]!] = (hands[seats[0]!]! | got[0]!) >>> 0;
  hands[seats[1]!] = (hands[seats[1]!]! | got[1]!) >>> 0;
  return { hands, discard: k.ownDiscard || got[2]! };
}

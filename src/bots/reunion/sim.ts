/**
 * A fast, mutable model of the rest of one Réunion deal with every hand known (one determinization), for
 * rollouts: hands as card masks, the trick in progress, card points and tricks taken, bower captures.
 * It plays by the same rules as the engine (src/games/reunion/) but only within the deal. Fixed-size typed
 * arrays and `copySim` into a scratch model keep rollouts free of allocations.
 * A Staubaus deal (§ Variants) is modelled too (`announcer` ≥ 0): no card points or bower captures are counted,
 * each seat keeps the 50 card points it is credited, and the deal ends at the first trick the announcer loses.
 * Seats are 0..2 in play order (a 4- or 5-seat view is first made a three-seat one, ./seats.ts).
 * Rule source: docs/rules/reunion.md § Play, § Card points, § Side payments, § Variants.
 */
import { LAST_TRICK_BONUS } from '../../games/reunion/ranking.ts';
import { STAUBAUS_UNITS } from '../../games/reunion/types.ts';
import type { TrumpTable } from './card-masks.ts';
import { easyCard } from './easy.ts';
import { staubausCard } from './staubaus.ts';

/** One deal in play, every hand known. All card sets are masks of card indices (see ./card-masks.ts); seats 0..2. */
export interface DealSim {
  t: TrumpTable;
  dealer: number;
  /** Each seat's hand (unsigned masks). */
  hands: Uint32Array;
  /** Cards played in this deal so far (completed tricks and the trick in progress). */
  played: number;
  /** The trick in progress: its first `trickLen` cards and their seats, in order of play. */
  trickCards: Int32Array;
  trickSeats: Int32Array;
  trickLen: number;
  /** Seat to play next. */
  toPlay: number;
  /** Card points per seat: taken in tricks, the last-trick 10 once the deal ends, and the dealer's discard. */
  points: Int32Array;
  tricks: Int32Array;
  /** Net units per seat from bower captures (left bower caught by the right bower). */
  bowerUnits: Int32Array;
  /** Cards still in the hands (0 = the deal is over, as is a Staubaus the announcer lost). */
  cardsLeft: number;
  /** The Staubaus announcer's seat, or -1 in an ordinary deal. */
  announcer: number;
  /** True once the announcer lost a trick (the Staubaus deal is over, lost). */
  lost: boolean;
}

/** A deal model with the given contents (the trick in progress given as lists). */
export function makeSim(
  t: TrumpTable,
  dealer: number,
  hands: readonly number[],
  played: number,
  trick: { cards: readonly number[]; seats: readonly number[] },
  toPlay: number,
  points: readonly number[],
  tricks: readonly number[],
  bowerUnits: readonly number[],
  announcer = -1,
): DealSim {
  const s: DealSim = {
    t,
    dealer,
    hands: Uint32Array.from(hands),
    played: played >>> 0,
    trickCards: new Int32Array(3),
    trickSeats: new Int32Array(3),
    trickLen: trick.cards.length,
    toPlay,
    points: Int32Array.from(points),
    tricks: Int32Array.from(tricks),
    bowerUnits: Int32Array.from(bowerUnits),
    cardsLeft: 0,
    announcer,
    lost: false,
  };
  s.trickCards.set(trick.cards);
  s.trickSeats.set(trick.seats);
  for (const h of hands) s.cardsLeft += popcount(h);
  return s;
}

function popcount(mask: number): number {
  let n = 0;
  for (let m = mask >>> 0; m !== 0; m = (m & (m - 1)) >>> 0) n++;
  return n;
}

/** A new copy of a deal model. */
export function cloneSim(s: DealSim): DealSim {
  const c = makeSim(s.t, s.dealer, [0, 0, 0], 0, { cards: [], seats: [] }, 0, [0, 0, 0], [0, 0, 0], [0, 0, 0], s.announcer);
  copySim(c, s);
  return c;
}

/** Overwrite `into` with the contents of `from` (no allocation). */
export function copySim(into: DealSim, from: DealSim): void {
  into.t = from.t;
  into.dealer = from.dealer;
  into.hands.set(from.hands);
  into.played = from.played;
  into.trickCards.set(from.trickCards);
  into.trickSeats.set(from.trickSeats);
  into.trickLen = from.trickLen;
  into.toPlay = from.toPlay;
  into.points.set(from.points);
  into.tricks.set(from.tricks);
  into.bowerUnits.set(from.bowerUnits);
  into.cardsLeft = from.cardsLeft;
  into.announcer = from.announcer;
  into.lost = from.lost;
}

/** Index in the trick of the card winning it so far (among its first `len` cards). */
export function winningIndex(t: TrumpTable, trickCards: ArrayLike<number>, len: number): number {
  let best = 0;
  for (let i = 1; i < len; i++) {
    const c = trickCards[i]!;
    const w = trickCards[best]!;
    if (t.suit[c] === t.suit[w] ? t.power[c]! > t.power[w]! : t.suit[c] === t.trump) best = i;
  }
  return best;
}

/**
 * Play card `c` for the seat to play (the caller guarantees it is legal). Completes the trick when it is
 * the third card: the winner takes the card points (and the last-trick 10 after the tenth trick), the
 * bower capture is paid, and the winner leads next.
 */
export function playCard(s: DealSim, c: number): void {
  const seat = s.toPlay;
  const bit = (1 << c) >>> 0;
  s.hands[seat] = s.hands[seat]! & ~bit;
  s.played = (s.played | bit) >>> 0;
  s.trickCards[s.trickLen] = c;
  s.trickSeats[s.trickLen] = seat;
  s.trickLen++;
  s.cardsLeft--;
  if (s.trickLen < 3) {
    s.toPlay = seat === 2 ? 0 : seat + 1;
    return;
  }
  const t = s.t;
  const tc = s.trickCards;
  const wi = winningIndex(t, tc, 3);
  const winner = s.trickSeats[wi]!;
  if (s.announcer >= 0) {
    s.tricks[winner]!++;
    if (winner !== s.announcer) s.lost = true;
    s.trickLen = 0;
    s.toPlay = winner;
    return;
  }
  let pts = t.points[tc[0]!]! + t.points[tc[1]!]! + t.points[tc[2]!]!;
  if (s.cardsLeft === 0) pts += LAST_TRICK_BONUS;
  s.points[winner]! += pts;
  s.tricks[winner]!++;
  if (tc[wi] === t.rightBower) {
    const lb = tc[0] === t.leftBower ? 0 : tc[1] === t.leftBower ? 1 : tc[2] === t.leftBower ? 2 : -1;
    if (lb >= 0) {
      s.bowerUnits[s.trickSeats[lb]!]!--;
      s.bowerUnits[winner]!++;
    }
  }
  s.trickLen = 0;
  s.toPlay = winner;
}

/**
 * Side payments in units of `seat` at the end of the deal: its bower captures, and 1 unit from each seat
 * without a trick to each other seat (§ Side payments). In a Staubaus deal, the Staubaus payment instead: 4 units
 * between the announcer and each opponent, to the announcer if it won every trick (§ Variants).
 */
export function sideUnitsOf(s: DealSim, seat: number): number {
  if (s.announcer >= 0) {
    const sign = s.lost ? -1 : 1;
    return seat === s.announcer ? 2 * sign * STAUBAUS_UNITS : -sign * STAUBAUS_UNITS;
  }
  let units = s.bowerUnits[seat]!;
  for (let other = 0; other < 3; other++) {
    if (s.tricks[other]! > 0) continue;
    units += other === seat ? -2 : 1;
  }
  return units;
}

/**
 * Play the deal model to its end, every seat playing the easy player's card (./easy.ts); in a Staubaus deal the
 * Staubaus card (./staubaus.ts: the announcer leads to win, the opponents try to win one trick).
 */
export function rollout(s: DealSim): void {
  if (s.announcer >= 0) {
    while (s.cardsLeft > 0 && !s.lost)
      playCard(s, staubausCard(s.t, s.hands[s.toPlay]!, s.trickCards, s.trickSeats, s.trickLen, s.played, s.announcer));
    return;
  }
  while (s.cardsLeft > 0) playCard(s, easyCard(s.t, s.hands[s.toPlay]!, s.trickCards, s.trickLen, s.played, s.cardsLeft));
}

/**
 * A fast, mutable model of the rest of one Réunion deal with every hand known (one determinization), for
 * rollouts: hands as card masks, the trick in progress, card points and tricks taken, bower captures.
 * It plays by the same rules as the engine (src/games/reunion/) but only within the deal.
 * Rule source: ../shared/rules/reunion.md § Play, § Card points, § Side payments.
 */
import { LAST_TRICK_BONUS } from '../../games/reunion/ranking.ts';
import type { TrumpTable } from './cards.ts';
import { easyCard } from './easy.ts';

/** One deal in play, every hand known. All card sets are masks of card indices (see ./cards.ts). */
export interface DealSim {
  t: TrumpTable;
  dealer: number;
  /** Each seat's hand. */
  hands: number[];
  /** Cards played in this deal so far (completed tricks and the trick in progress). */
  played: number;
  /** The trick in progress: cards and seats in order of play. */
  trickCards: number[];
  trickSeats: number[];
  /** Seat to play next. */
  toPlay: number;
  /** Card points per seat: taken in tricks, the last-trick 10 once the deal ends, and the dealer's discard. */
  points: number[];
  tricks: number[];
  /** Net units per seat from bower captures (left bower caught by the right bower). */
  bowerUnits: number[];
  /** Cards left to play in the deal (0 = the deal is over). */
  cardsLeft: number;
}

/** A copy of a deal model that can be played on without changing the original. */
export function cloneSim(s: DealSim): DealSim {
  return {
    t: s.t,
    dealer: s.dealer,
    hands: s.hands.slice(),
    played: s.played,
    trickCards: s.trickCards.slice(),
    trickSeats: s.trickSeats.slice(),
    toPlay: s.toPlay,
    points: s.points.slice(),
    tricks: s.tricks.slice(),
    bowerUnits: s.bowerUnits.slice(),
    cardsLeft: s.cardsLeft,
  };
}

/** Index in the trick of the card winning it so far. */
export function winningIndex(t: TrumpTable, trickCards: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < trickCards.length; i++) {
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
  s.hands[seat] = (s.hands[seat]! & ~bit) >>> 0;
  s.played = (s.played | bit) >>> 0;
  s.trickCards.push(c);
  s.trickSeats.push(seat);
  s.cardsLeft--;
  if (s.trickCards.length < 3) {
    s.toPlay = (seat + 1) % 3;
    return;
  }
  const t = s.t;
  const wi = winningIndex(t, s.trickCards);
  const winner = s.trickSeats[wi]!;
  let pts = 0;
  for (const card of s.trickCards) pts += t.points[card]!;
  if (s.cardsLeft === 0) pts += LAST_TRICK_BONUS;
  s.points[winner]! += pts;
  s.tricks[winner]!++;
  if (s.trickCards[wi] === t.rightBower) {
    const lb = s.trickCards.indexOf(t.leftBower);
    if (lb >= 0) {
      s.bowerUnits[s.trickSeats[lb]!]!--;
      s.bowerUnits[winner]!++;
    }
  }
  s.trickCards.length = 0;
  s.trickSeats.length = 0;
  s.toPlay = winner;
}

/**
 * Side payments in units per seat at the end of the deal: bower captures, and 1 unit from each seat without
 * a trick to each other seat (§ Side payments).
 */
export function sideUnits(s: DealSim): number[] {
  const units = s.bowerUnits.slice();
  for (let seat = 0; seat < 3; seat++) {
    if (s.tricks[seat]! > 0) continue;
    units[seat]! -= 2;
    units[(seat + 1) % 3]! += 1;
    units[(seat + 2) % 3]! += 1;
  }
  return units;
}

/** Play the deal model to its end, every seat playing the easy player's card (./easy.ts). */
export function rollout(s: DealSim): void {
  while (s.cardsLeft > 0) playCard(s, easyCard(s.t, s.hands[s.toPlay]!, s.trickCards, s.played, s.cardsLeft));
}

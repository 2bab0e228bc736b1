/**
 * The Dreierles deal: blind and hands for each deal of the session, and the fresh per-deal state.
 * Rule source: docs/rules/dreierles.md § Deal, § Four players, § Session.
 */
import { CEGO_54, type CegoCard } from '../../cards/cego.ts';
import { seededRng, shuffle } from '../../cards/random.ts';
import type { Seat } from '../types.ts';
import { isRaeuberOrSoloRound } from './legal.ts';
import type { DreierlesEvent, DreierlesState } from './types.ts';

/** A deal given card by card (tests use it to set up the worked examples): hands by seat and the blind, top first. */
export interface FixedDeal {
  hands: CegoCard[][];
  blind: CegoCard[];
}

/** Cards per player (and so tricks per deal). */
export const HAND = 16;
/** Cards in the blind. */
const BLIND = 6;

/**
 * Deal number `dealNo` into `s` (mutated; `s` is a fresh copy): the dealer takes the top six as the blind, then
 * 16 cards to each active player in two rounds of 8, forehand first. The first deal is dealt by seat 0.
 */
export function deal(s: DreierlesState, dealNo: number, fixed?: FixedDeal): DreierlesEvent {
  const dealer = dealNo % s.seats;
  const active = s.seats === 3 ? [(dealer + 1) % 3, (dealer + 2) % 3, dealer] : [1, 2, 3].map((i) => (dealer + i) % s.seats);
  const hands: CegoCard[][] = Array.from({ length: s.seats }, () => []);
  let blind: CegoCard[];
  if (fixed) {
    fixed.hands.forEach((h, seat) => (hands[seat] = h.slice()));
    blind = fixed.blind.slice();
  } else {
    const pack = shuffle(CEGO_54, seededRng(`${s.seed}:deal:${dealNo}`));
    blind = pack.slice(0, BLIND);
    let next = BLIND;
    for (let round = 0; round < 2; round++) for (const seat of active) (hands[seat] as CegoCard[]).push(...pack.slice(next, (next += HAND / 2)));
  }
  Object.assign(s, {
    dealNo,
    dealer,
    active,
    phase: 'auction',
    hands,
    blind,
    bids: [null, null, null],
    contract: null,
    declarer: null,
    taken: [],
    discard: [],
    handsBeforePlay: [],
    zehnDruck: false,
    pfeifeRaus: false,
    knocks: 0,
    knockTurn: null,
    knockDeclined: [],
    raeuberKnocked: [],
    trick: [],
    leader: active[0] as Seat,
    lastTrick: null,
    tricks: [],
    won: Array.from({ length: s.seats }, () => []),
    tricksWon: new Array<number>(s.seats).fill(0),
    tricksPlayed: 0,
    trumpLeads: 0,
    pfeifeForced: false,
  } satisfies Partial<DreierlesState>);
  return { type: 'dealt', dealNo, dealer, lastRound: isRaeuberOrSoloRound(s) };
}

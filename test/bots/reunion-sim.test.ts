/**
 * The Réunion bots' fast deal model (src/bots/reunion/sim.ts, card masks of src/bots/reunion/card-masks.ts) against the pure engine
 * (src/games/reunion/): over thousands of seeded deals, each started from the engine's full state (every hand
 * known) — at the first lead, and again after a random number of cards (mid-deal, often mid-trick) — and played
 * on card by card with random legal moves of the ENGINE applied to both, the model must agree with the engine at
 * every step (hands, trick, seat to play, cards played, tricks, card points, bower captures), choose only legal
 * cards, and end with the engine's DealScore: card points per seat (last-trick 10 and the dealer's discard
 * included), tricks per seat and the bower-capture units. The model's easy `rollout` must end the deal exactly as
 * the engine does when every seat plays the easy policy from the same position.
 *
 * The model has no legal-move set of its own: its only legality rule is the follow-suit / must-trump filter
 * inside `easyCard` (./easy.ts), which the rollouts use. The test reads it through `easyCard`: on the real hand and
 * on probe hands the card chosen must be legal by the engine, and where the engine allows exactly one card the
 * model must choose exactly that card; the cards it so accepts must be the engine's legal cards.
 * Rule source: docs/rules/reunion.md § Deal (4.), § Play, § Card points, § Side payments.
 */
import { describe, expect, it } from 'vitest';
import type { Card } from '../../src/cards/french.ts';
import { type Rng, seededRng } from '../../src/cards/random.ts';
import { cardIndex, cardLabel, fastRng, labelsOf, maskOf, tableFor } from '../../src/bots/reunion/card-masks.ts';
import { easyCard, easyPolicy } from '../../src/bots/reunion/easy.ts';
import { cloneSim, type DealSim, makeSim, playCard, rollout, sideUnitsOf } from '../../src/bots/reunion/sim.ts';
import type { DecisionContext } from '../../src/bots/types.ts';
import { apply, setup, toAct, view } from '../../src/games/reunion/engine.ts';
import { legalMoves, playableCards, seatToPlay } from '../../src/games/reunion/legal.ts';
import { DEAL_TOTAL, sumPoints } from '../../src/games/reunion/ranking.ts';
import { type DealScore, DEFAULT_OPTIONS, type Play, type ReunionMove, type ReunionState } from '../../src/games/reunion/types.ts';
import type { Seat } from '../../src/games/types.ts';
import { describeReason } from '../../src/games/types.ts';

/** Games played; each has three deals, so 3 × GAMES deals are compared. */
const GAMES = 700;

const ctx: DecisionContext = { seed: '', budgetMs: 0, now: () => 0 };

function applyOk(s: ReunionState, seat: Seat, move: ReunionMove): ReunionState {
  const r = apply(s, seat, move);
  if (!r.ok) throw new Error(`engine refused ${JSON.stringify(move)} by seat ${seat}: ${describeReason(r.reason)}`);
  return r.state;
}

/** Cards played in the current deal (completed tricks and the trick in progress), as a mask. */
function playedOf(s: ReunionState): number {
  let m = maskOf(s.trick.map((p) => p.card));
  for (const tr of s.tricks) m = (m | maskOf(tr.plays.map((p) => p.card))) >>> 0;
  return m;
}

/** Net bower-capture units per seat from a list of side payments. */
function bowerNet(payments: readonly { from: Seat; to: Seat; units: number; reason: string }[]): number[] {
  const net = [0, 0, 0];
  for (const p of payments)
    if (p.reason === 'bower') {
      net[p.from]! -= p.units;
      net[p.to]! += p.units;
    }
  return net;
}

/** Net units per seat of every side payment of a deal (bower captures and no-trick payments). */
function sideNet(score: DealScore): number[] {
  const net = [0, 0, 0];
  for (const p of score.sidePayments) {
    net[p.from]! -= p.units;
    net[p.to]! += p.units;
  }
  return net;
}

/** The card points per seat the engine state holds now: cards won in tricks, plus the dealer's discard. */
function pointsOf(s: ReunionState): number[] {
  return s.won.map((w, seat) => sumPoints(w, s.trump) + (seat === s.dealer ? sumPoints(s.discard, s.trump) : 0));
}

/** The deal model of the engine's state (phase `play`), built with the model's own constructor from every hand. */
function simFromEngine(s: ReunionState): DealSim {
  return makeSim(
    tableFor(s.trump),
    s.dealer,
    s.hands.map((h) => maskOf(h)),
    playedOf(s),
    { cards: s.trick.map((p) => cardIndex(p.card)), seats: s.trick.map((p) => p.seat) },
    seatToPlay(s),
    pointsOf(s),
    s.tricksWon,
    bowerNet(s.sidePayments),
  );
}

/** The model's state in engine terms (labels, plain arrays), for comparison with `engineSnapshot`. */
function simSnapshot(sim: DealSim) {
  return {
    toPlay: sim.toPlay,
    hands: Array.from(sim.hands, (h) => h >>> 0),
    trick: Array.from(sim.trickCards.subarray(0, sim.trickLen), cardLabel),
    trickSeats: Array.from(sim.trickSeats.subarray(0, sim.trickLen)),
    played: sim.played >>> 0,
    cardsLeft: sim.cardsLeft,
    tricks: Array.from(sim.tricks),
    points: Array.from(sim.points),
    bowerUnits: Array.from(sim.bowerUnits),
  };
}

/** The same fields from the engine's state. */
function engineSnapshot(s: ReunionState): ReturnType<typeof simSnapshot> {
  return {
    toPlay: seatToPlay(s),
    hands: s.hands.map((h) => maskOf(h)),
    trick: s.trick.map((p) => p.card),
    trickSeats: s.trick.map((p) => p.seat),
    played: playedOf(s),
    cardsLeft: s.hands.reduce((n, h) => n + h.length, 0),
    tricks: s.tricksWon.slice(),
    points: pointsOf(s),
    bowerUnits: bowerNet(s.sidePayments),
  };
}

/** The model agrees with the engine's state in every field the model has (hands, trick, seat to play, played, tricks, points, bower units). */
function expectSameState(sim: DealSim, s: ReunionState, where: string): void {
  const mine = simSnapshot(sim);
  const theirs = engineSnapshot(s);
  // A cheap comparison first: `expect` on every one of the ~200,000 states would cost most of the time budget.
  if (JSON.stringify(mine) !== JSON.stringify(theirs)) expect(mine, `${where}: model state`).toEqual(theirs);
}

/** The model's easy card for a hand in the model's trick position. */
const modelCard = (sim: DealSim, hand: number): number => easyCard(sim.t, hand >>> 0, sim.trickCards, sim.trickLen, sim.played, sim.cardsLeft);

/** The engine's legal cards for `hand` (labels) in the trick of `s`. */
const engineLegal = (hand: readonly Card[], trick: readonly Play[], s: ReunionState): number => maskOf(playableCards(hand, trick, s.trump));

/**
 * Legality of the model against the engine at the seat to play: the model's card for the real hand and for every
 * probe hand is legal by the engine; where the engine allows a single card the model picks it; and the cards the
 * model accepts (each probed in a hand where only it is legal by the engine) are exactly the engine's legal cards.
 * Returns the number of probes.
 */
function expectSameLegal(sim: DealSim, s: ReunionState, where: string): number {
  const seat = seatToPlay(s);
  const hand = maskOf(s.hands[seat] as Card[]);
  const legal = maskOf(legalMoves(s, seat).flatMap((m) => (m.type === 'play' ? [m.card] : [])));
  expect(engineLegal(labelsOf(hand), s.trick, s), `${where}: legalMoves = playableCards`).toBe(legal);
  const probe = (h: number): number => {
    const c = modelCard(sim, h);
    const allowed = engineLegal(labelsOf(h), s.trick, s);
    if ((allowed & (1 << c)) === 0)
      throw new Error(`${where}: the model chose ${cardLabel(c)} from ${labelsOf(h)}, legal by the engine: ${labelsOf(allowed)}`);
    if ((allowed & (allowed - 1)) === 0 && allowed !== (1 << c) >>> 0)
      throw new Error(`${where}: only ${labelsOf(allowed)} is legal in ${labelsOf(h)}, the model chose ${cardLabel(c)}`);
    return c;
  };
  probe(hand);
  let probes = 1;
  let accepted = 0;
  const illegal = (hand & ~legal) >>> 0;
  for (const c of labelsOf(hand).map(cardIndex)) {
    const bit = (1 << c) >>> 0;
    if (legal & bit) {
      // Only c is legal in c + the hand's illegal cards: the model must choose it.
      if (probe((bit | illegal) >>> 0) === c) accepted |= bit;
      probes++;
    } else {
      // With one legal card beside it, c must never be chosen.
      let chosen = false;
      for (const l of labelsOf(legal).map(cardIndex)) {
        if (probe((bit | (1 << l)) >>> 0) === c) chosen = true;
        probes++;
      }
      if (chosen) accepted |= bit;
    }
  }
  expect(labelsOf(accepted >>> 0), `${where}: the model's legal cards`).toEqual(labelsOf(legal));
  return probes;
}

/** The model's deal result equals the engine's DealScore. */
function expectSameScore(sim: DealSim, score: DealScore, where: string): void {
  expect(sim.cardsLeft, `${where}: deal over`).toBe(0);
  expect(Array.from(sim.points), `${where}: card points`).toEqual(score.cardPoints);
  expect(
    score.cardPoints.reduce((a, b) => a + b, 0),
    `${where}: 150 per deal`,
  ).toBe(DEAL_TOTAL);
  expect(Array.from(sim.tricks), `${where}: tricks`).toEqual(score.tricks);
  expect(Array.from(sim.bowerUnits), `${where}: bower units`).toEqual(bowerNet(score.sidePayments));
  expect(
    [0, 1, 2].map((seat) => sideUnitsOf(sim, seat)),
    `${where}: side units`,
  ).toEqual(sideNet(score));
}

/**
 * From the engine state `s` (phase `play`) and its model `sim`: the model's `rollout`, and the model stepped card
 * by card with `easyCard`, against the engine with every seat playing `easyPolicy` on its view. Same cards, same
 * score. Returns the number of cards played.
 */
function compareEasy(s: ReunionState, sim: DealSim, where: string): number {
  const rolled = cloneSim(sim);
  rollout(rolled);
  const stepped = cloneSim(sim);
  const dealsBefore = s.deals.length;
  let st = s;
  let n = 0;
  while (st.deals.length === dealsBefore) {
    const seat = toAct(st)[0] as Seat;
    const v = view(st, seat);
    const move = easyPolicy(v, ctx);
    if (move.type !== 'play') throw new Error(`${where}: easy policy did not play a card`);
    const c = modelCard(stepped, stepped.hands[stepped.toPlay]!);
    expect(
      v.legal.some((m) => m.type === 'play' && m.card === cardLabel(c)),
      `${where}: easy card ${cardLabel(c)} legal`,
    ).toBe(true);
    expect(cardLabel(c), `${where}: easy card ${n}`).toBe(move.card);
    playCard(stepped, c);
    st = applyOk(st, seat, move);
    n++;
    if (st.deals.length === dealsBefore) expectSameState(stepped, st, `${where} easy ${n}`);
  }
  const score = st.deals[dealsBefore] as DealScore;
  expectSameScore(stepped, score, `${where}: easy stepped`);
  expectSameScore(rolled, score, `${where}: rollout`);
  return n;
}

/** The dealer's discard: the engine's first legal one, a seeded-random legal one, or the easy player's. */
function chooseDiscard(s: ReunionState, rng: Rng, mode: number): ReunionMove {
  const moves = legalMoves(s, s.dealer);
  if (mode === 0) return moves[0] as ReunionMove;
  if (mode === 1) return moves[Math.floor(rng() * moves.length)] as ReunionMove;
  return easyPolicy(view(s, s.dealer), ctx);
}

interface Tally {
  deals: number;
  steps: number;
  probes: number;
  midDeal: number;
  midTrick: number;
  easyCards: number;
  bowerCaptures: number;
  noTrickSeats: number;
  tricklessDealerWithDiscard: number;
}

describe('Réunion deal model (bots/reunion/sim.ts) against the engine', () => {
  it(`agrees card by card and on the DealScore over ${3 * GAMES} seeded deals, also from mid-deal and mid-trick, and in easy rollouts`, () => {
    const tally: Tally = {
      deals: 0,
      steps: 0,
      probes: 0,
      midDeal: 0,
      midTrick: 0,
      easyCards: 0,
      bowerCaptures: 0,
      noTrickSeats: 0,
      tricklessDealerWithDiscard: 0,
    };
    for (let g = 0; g < GAMES; g++) {
      const rng = fastRng(seededRng(`reunion-sim:${g}`));
      let s = setup(DEFAULT_OPTIONS, 3, `reunion-sim-game:${g}`);
      while (s.phase !== 'over') {
        const where0 = `game ${g} deal ${s.dealNo}`;
        expect(s.phase, where0).toBe('discard');
        s = applyOk(s, s.dealer, chooseDiscard(s, rng, (g + s.dealNo) % 3));
        const dealsBefore = s.deals.length;
        // Models: one from the first lead; one from after `cut` cards (1..29: mid-deal, mid-trick when not a multiple of 3).
        const fromStart = simFromEngine(s);
        const cut = 1 + Math.floor(rng() * 29);
        let fromCut: DealSim | null = null;
        tally.easyCards += compareEasy(s, fromStart, `${where0} from the start`);
        for (let played = 0; s.deals.length === dealsBefore; played++) {
          const where = `${where0} card ${played}`;
          if (played === cut) {
            fromCut = simFromEngine(s);
            tally.midDeal++;
            if (s.trick.length > 0) tally.midTrick++;
            tally.easyCards += compareEasy(s, fromCut, `${where} (mid-deal)`);
          }
          for (const sim of fromCut ? [fromStart, fromCut] : [fromStart]) {
            expectSameState(sim, s, where);
            tally.probes += expectSameLegal(sim, s, where);
          }
          const seat = toAct(s)[0] as Seat;
          const legal = legalMoves(s, seat);
          const move = legal[Math.floor(rng() * legal.length)] as ReunionMove & { type: 'play' };
          s = applyOk(s, seat, move);
          playCard(fromStart, cardIndex(move.card));
          if (fromCut) playCard(fromCut, cardIndex(move.card));
          tally.steps++;
        }
        const score = s.deals[dealsBefore] as DealScore;
        expectSameScore(fromStart, score, `${where0} from the start`);
        expect(fromCut, `${where0}: the mid-deal model was built`).not.toBeNull();
        expectSameScore(fromCut as DealSim, score, `${where0} from card ${cut}`);
        tally.deals++;
        tally.bowerCaptures += score.sidePayments.filter((p) => p.reason === 'bower').length;
        tally.noTrickSeats += score.tricks.filter((n) => n === 0).length;
        if (score.tricks[score.dealer] === 0 && score.discardPoints > 0) tally.tricklessDealerWithDiscard++;
      }
    }
    // Enough deals and steps, and the rare cases really occurred.
    expect(tally.deals).toBeGreaterThanOrEqual(2000);
    expect(tally.steps).toBe(tally.deals * 30);
    expect(tally.midTrick).toBeGreaterThan(tally.deals / 2);
    expect(tally.bowerCaptures).toBeGreaterThan(20);
    expect(tally.noTrickSeats).toBeGreaterThan(0);
    console.log(`reunion-sim: ${JSON.stringify(tally)}`);
  });
});

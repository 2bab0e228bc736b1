/**
 * The Réunion bots' fast deal model (src/bots/reunion/sim.ts) in Staubaus deals (docs/rules/reunion.md § Variants)
 * against the pure engine: Kleine Ekart (the turned suit, ordinary trumps) and Große Ekart (another suit, the suit
 * game: all four jacks trumps, 11 trumps, the jacks in no plain suit), with 3, 4 and 5 players (the three active
 * seats mapped to the model's seats 0..2, ascending: ./seats.ts). Over seeded deals, each Staubaus announced,
 * named and given back at random, the model built from the engine's state (tables of src/bots/reunion/card-masks.ts with the suit
 * game) is played on card by card with random legal moves of the ENGINE, and must agree at every step (hands,
 * trick, seat to play, cards played, tricks) and choose only cards the engine allows (probed through the
 * Staubaus card of ./staubaus.ts, the model's only legality filter, also on probe hands; the cards are random in
 * half the games and the easy player's in the others, and in a third of the games the announcer's hand is made
 * strong, so that some Staubaus are won); the deal must end where
 * the engine's does (the first trick the announcer loses, or ten tricks) with the engine's Staubaus payments.
 * The model's Staubaus rollout must end the deal as the engine does when every seat plays the easy policy.
 * The suit game's trump table is checked card by card against the engine's ranking.
 */
import { describe, expect, it } from 'vitest';
import { type Card, FRENCH_32, SUITS, suitOf } from '../../src/cards/french.ts';
import { type Rng, seededRng } from '../../src/cards/random.ts';
import { cardIndex, cardLabel, fastRng, labelsOf, maskOf, tableFor } from '../../src/bots/reunion/card-masks.ts';
import { easyPolicy } from '../../src/bots/reunion/easy.ts';
import { cloneSim, type DealSim, makeSim, playCard, rollout, sideUnitsOf } from '../../src/bots/reunion/sim.ts';
import { staubausCard } from '../../src/bots/reunion/staubaus.ts';
import type { DecisionContext } from '../../src/bots/types.ts';
import { apply, setup, toAct, view } from '../../src/games/reunion/engine.ts';
import { isSuitGame, legalMoves, playableCards, seatToPlay } from '../../src/games/reunion/legal.ts';
import { effectiveSuit, strength } from '../../src/games/reunion/ranking.ts';
import { activeSeats } from '../../src/games/reunion/seats.ts';
import { type DealScore, STAUBAUS_CREDIT, type ReunionMove, type ReunionState } from '../../src/games/reunion/types.ts';
import type { Seat } from '../../src/games/types.ts';
import { describeReason } from '../../src/games/types.ts';

/** Games per table size; every deal of each is a Staubaus (round 1 or 2 in turn). */
const GAMES = 120;

const ctx: DecisionContext = { seed: '', budgetMs: 0, now: () => 0 };

function applyOk(s: ReunionState, seat: Seat, move: ReunionMove): ReunionState {
  const r = apply(s, seat, move);
  if (!r.ok) throw new Error(`engine refused ${JSON.stringify(move)} by seat ${seat}: ${describeReason(r.reason)}`);
  return r.state;
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;

/** Cards played in the current deal (completed tricks and the trick in progress), as a mask. */
function playedOf(s: ReunionState): number {
  let m = maskOf(s.trick.map((p) => p.card));
  for (const tr of s.tricks) m = (m | maskOf(tr.plays.map((p) => p.card))) >>> 0;
  return m;
}

/** The model of the engine's Staubaus deal (phase `play`), its seats the active seats ascending. */
function simFromEngine(s: ReunionState, active: Seat[]): DealSim {
  const to = (seat: Seat) => active.indexOf(seat);
  return makeSim(
    tableFor(s.trump, isSuitGame(s)),
    to(s.dealer),
    active.map((seat) => maskOf(s.hands[seat] as Card[])),
    playedOf(s),
    { cards: s.trick.map((p) => cardIndex(p.card)), seats: s.trick.map((p) => to(p.seat)) },
    to(seatToPlay(s)),
    [STAUBAUS_CREDIT, STAUBAUS_CREDIT, STAUBAUS_CREDIT],
    active.map((seat) => s.tricksWon[seat] as number),
    [0, 0, 0],
    to((s.staubaus as { announcer: Seat }).announcer),
  );
}

/** The model and the engine agree on hands, trick, seat to play, cards played and tricks. */
function expectSame(sim: DealSim, s: ReunionState, active: Seat[], where: string): void {
  const mine = {
    hands: Array.from(sim.hands, (h) => h >>> 0),
    trick: Array.from(sim.trickCards.subarray(0, sim.trickLen), cardLabel),
    trickSeats: Array.from(sim.trickSeats.subarray(0, sim.trickLen), (i) => active[i]),
    toPlay: active[sim.toPlay],
    played: sim.played >>> 0,
    tricks: Array.from(sim.tricks),
  };
  const theirs = {
    hands: active.map((seat) => maskOf(s.hands[seat] as Card[])),
    trick: s.trick.map((p) => p.card),
    trickSeats: s.trick.map((p) => p.seat),
    toPlay: seatToPlay(s),
    played: playedOf(s),
    tricks: active.map((seat) => s.tricksWon[seat] as number),
  };
  if (JSON.stringify(mine) !== JSON.stringify(theirs)) expect(mine, `${where}: model state`).toEqual(theirs);
}

/** The model's Staubaus card for `hand` at the model's trick. */
const modelCard = (sim: DealSim, hand: number): number =>
  staubausCard(sim.t, hand >>> 0, sim.trickCards, sim.trickSeats, sim.trickLen, sim.played, sim.announcer);

/**
 * Legality of the model's card at the seat to play: on the real hand, and on probe hands of one legal card with the
 * hand's illegal ones (it must choose that card) or one illegal card with one legal card (it must not choose the
 * illegal one). Returns the number of probes.
 */
function expectLegal(sim: DealSim, s: ReunionState, where: string): number {
  const seat = seatToPlay(s);
  const suitGame = isSuitGame(s);
  const allowed = (h: number) => maskOf(playableCards(labelsOf(h), s.trick, s.trump, suitGame));
  const hand = maskOf(s.hands[seat] as Card[]);
  const legal = allowed(hand);
  const probe = (h: number): number => {
    const c = modelCard(sim, h);
    const ok = allowed(h);
    if ((ok & (1 << c)) === 0) throw new Error(`${where}: the model chose ${cardLabel(c)} from ${labelsOf(h)}, legal: ${labelsOf(ok)}`);
    return c;
  };
  probe(hand);
  let probes = 1;
  for (const c of labelsOf(hand).map(cardIndex)) {
    const bit = (1 << c) >>> 0;
    if (legal & bit) expect(probe((bit | (hand & ~legal)) >>> 0), `${where}: only ${cardLabel(c)} legal`).toBe(c);
    else for (const l of labelsOf(legal).map(cardIndex)) probe((bit | (1 << l)) >>> 0);
    probes++;
  }
  return probes;
}

/** Net units per seat of a deal's side payments (the Staubaus payments). */
function sideNet(score: DealScore, seats: number): number[] {
  const net = new Array<number>(seats).fill(0);
  for (const p of score.sidePayments) {
    net[p.from]! -= p.units;
    net[p.to]! += p.units;
  }
  return net;
}

/** Discard, then a Staubaus at random: round 1, or (Große Ekart) everyone passes and round 2 names a suit; then the exchange. */
function announceAtRandom(s: ReunionState, rng: Rng, round: 1 | 2): ReunionState {
  s = applyOk(s, s.dealer, pick(rng, legalMoves(s, s.dealer)));
  const order = [(s.dealer + 1) % s.seats, (s.dealer + 2) % s.seats, s.dealer] as Seat[];
  const announcer = pick(rng, order);
  if (round === 2) for (const seat of order) s = applyOk(s, seat, { type: 'pass' });
  for (const seat of order) {
    if (seat === announcer) {
      const calls = legalMoves(s, seat).filter((m) => m.type === 'staubaus');
      s = applyOk(s, seat, pick(rng, calls));
      break;
    }
    s = applyOk(s, seat, { type: 'pass' });
  }
  s = applyOk(s, announcer, pick(rng, legalMoves(s, announcer)));
  return applyOk(s, announcer, pick(rng, legalMoves(s, announcer)));
}

/**
 * A copy of `s` with the announcer's hand made strong: each of the top seven trumps another seat holds is swapped
 * for the announcer's weakest plain card (hands keep their sizes; the discard is untouched). So that some are won.
 */
function strengthened(s: ReunionState): ReunionState {
  const announcer = (s.staubaus as { announcer: Seat }).announcer;
  const t = tableFor(s.trump, isSuitGame(s));
  const hands = s.hands.map((h) => h.slice());
  const mine = hands[announcer] as Card[];
  for (const top of (t.bySuitHighToLow[t.trump] as number[]).slice(0, 7).map(cardLabel)) {
    const other = hands.findIndex((h) => h.includes(top));
    const plain = mine.filter((c) => t.suit[cardIndex(c)] !== t.trump).sort((a, b) => t.power[cardIndex(a)]! - t.power[cardIndex(b)]!);
    if (other < 0 || other === announcer || plain.length === 0) continue;
    const low = plain[0] as Card;
    mine.splice(mine.indexOf(low), 1, top);
    const h = hands[other] as Card[];
    h.splice(h.indexOf(top), 1, low);
  }
  return { ...s, hands };
}

describe('Réunion deal model in Staubaus deals (bots/reunion/sim.ts) against the engine', () => {
  it('has the suit game trump table of the engine: every jack a trump, 11 trumps, the engine strength order', () => {
    for (const trump of SUITS) {
      const t = tableFor(trump, true);
      expect(labelsOf(t.trumpMask)).toHaveLength(11);
      for (const card of FRENCH_32) {
        const c = cardIndex(card);
        expect(SUITS[t.suit[c]!], card).toBe(effectiveSuit(card, trump, true));
        expect(t.power[c], card).toBe(strength(card, trump, true));
      }
      for (const s of SUITS) if (s !== trump) expect(labelsOf(t.suitMask[SUITS.indexOf(s)]!)).toHaveLength(7);
    }
  });

  it(`agrees card by card and on the Staubaus result over seeded deals with 3, 4 and 5 players, rounds 1 and 2`, () => {
    const tally = { deals: 0, round2: 0, won: 0, steps: 0, probes: 0, easyDeals: 0, easyWon: 0 };
    for (const seats of [3, 4, 5])
      for (let g = 0; g < GAMES; g++) {
        const rng = fastRng(seededRng(`reunion-sim-staubaus:${seats}:${g}`));
        let s = setup({ piererTiers: false, kleineEkart: true, grosseEkart: true }, seats, `reunion-sim-staubaus-game:${seats}:${g}`);
        while (s.phase !== 'over') {
          const round = ((g + s.dealNo) % 2) + 1;
          const where0 = `${seats} seats game ${g} deal ${s.dealNo} round ${round}`;
          s = announceAtRandom(s, rng, round as 1 | 2);
          if (g % 3 === 0) s = strengthened(s);
          expect(isSuitGame(s), where0).toBe(round === 2);
          if (round === 2) expect(s.trump).not.toBe(suitOf(s.turnUp));
          const active = activeSeats(seats, s.dealer);
          const dealsBefore = s.deals.length;
          const sim = simFromEngine(s, active);
          // The Staubaus rollout against the engine with every seat playing the easy policy.
          const rolled = cloneSim(sim);
          rollout(rolled);
          let e = s;
          while (e.deals.length === dealsBefore) {
            const seat = toAct(e)[0] as Seat;
            e = applyOk(e, seat, easyPolicy(view(e, seat), ctx));
          }
          const easyScore = e.deals[dealsBefore] as DealScore;
          expect(rolled.lost, `${where0}: easy rollout result`).toBe(!easyScore.staubaus?.won);
          expect(Array.from(rolled.tricks), `${where0}: easy rollout tricks`).toEqual(active.map((a) => easyScore.tricks[a]));
          tally.easyDeals++;
          if (easyScore.staubaus?.won) tally.easyWon++;
          // Random legal play, card by card.
          for (let n = 0; s.deals.length === dealsBefore; n++) {
            const where = `${where0} card ${n}`;
            expectSame(sim, s, active, where);
            tally.probes += expectLegal(sim, s, where);
            expect(sim.lost, where).toBe(false);
            const seat = toAct(s)[0] as Seat;
            // Random cards in odd games; in even ones the easy player's (so that some Staubaus are won).
            const move = (g % 2 ? pick(rng, legalMoves(s, seat)) : easyPolicy(view(s, seat), ctx)) as ReunionMove & { type: 'play' };
            s = applyOk(s, seat, move);
            playCard(sim, cardIndex(move.card));
            tally.steps++;
          }
          const score = s.deals[dealsBefore] as DealScore;
          const won = score.staubaus?.won as boolean;
          expect(sim.lost, `${where0}: lost`).toBe(!won);
          if (won) expect(sim.cardsLeft, `${where0}: ten tricks`).toBe(0);
          expect(Array.from(sim.tricks), `${where0}: tricks`).toEqual(active.map((a) => score.tricks[a]));
          const net = sideNet(score, seats);
          expect([0, 1, 2].map((i) => sideUnitsOf(sim, i))).toEqual(active.map((a) => net[a]));
          tally.deals++;
          if (round === 2) tally.round2++;
          if (won) tally.won++;
        }
      }
    expect(tally.deals).toBe(GAMES * (3 + 4 + 5));
    expect(tally.round2).toBeGreaterThan(tally.deals / 3);
    expect(tally.steps).toBeGreaterThan(tally.deals * 3);
    expect(tally.won).toBeGreaterThan(0);
    expect(tally.easyWon).toBeGreaterThan(0);
    console.log(`reunion-sim-staubaus: ${JSON.stringify(tally)}`);
  });
});

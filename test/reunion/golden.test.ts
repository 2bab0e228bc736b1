/**
 * Golden replays: seeded games played with a fixed strategy (always the first legal move), whose
 * outcome is written out below as literals.
 *
 * These are REGRESSION FIXTURES. The literal values were computed once by running the engine with the
 * ChaCha20-based seeded PRNG of src/cards/random.ts (ChaCha20 keyed by SHA-256 of the seed), which
 * replaced the earlier PRNG and changed every shuffle (and checked for consistency: 150 card points per deal, 450 in
 * all, units summing to zero, tiers as in docs/rules/reunion.md § Game and settlement). They are
 * not derived by hand from the rules. If a deliberate change to the shuffle, the deal, the order of
 * `legalMoves` or the rules changes them, re-compute and update them, and say why in the commit.
 *
 * The seeds were chosen (by trying `golden-1`, `golden-1-2`, ... and `golden-3`, `golden-3-2`, ... with
 * that PRNG) as the first to show the feature each fixture is about; see the comment above each one.
 */
import { describe, expect, it } from 'vitest';
import type { Card } from '../../src/cards/french.ts';
import { describeReason, type Seat } from '../../src/games/types.ts';
import { apply, replay, result, setup, toAct } from '../../src/games/reunion/engine.ts';
import { legalMoves } from '../../src/games/reunion/legal.ts';
import { DEFAULT_OPTIONS, type ReunionMove, type ReunionOptions, type ReunionState } from '../../src/games/reunion/types.ts';

/** Play a whole game, each seat always choosing its first legal move. */
function firstLegalGame(options: ReunionOptions, seed: string): { state: ReunionState; log: { seat: Seat; move: ReunionMove }[] } {
  let state = setup(options, 3, seed);
  const log: { seat: Seat; move: ReunionMove }[] = [];
  while (toAct(state).length > 0) {
    const seat = toAct(state)[0] as Seat;
    const move = legalMoves(state, seat)[0] as ReunionMove;
    const r = apply(state, seat, move);
    if (!r.ok) throw new Error(describeReason(r.reason));
    log.push({ seat, move });
    state = r.state;
  }
  return { state, log };
}

/** A move log written compactly: a discard as `X+Y`, a play as the card. */
const compact = (log: { move: ReunionMove }[]): string =>
  log.map(({ move }) => (move.type === 'discard' ? move.cards.join('+') : 'card' in move ? move.card : move.type)).join(' ');

/** Per-deal summary compared against the fixtures. */
const summary = (s: ReunionState) =>
  s.deals.map((d) => ({
    dealer: d.dealer,
    turnUp: d.turnUp,
    cardPoints: d.cardPoints,
    tricks: d.tricks,
    marks: d.marks,
    sidePayments: d.sidePayments,
  }));

// golden-1: the draw for first dealer needs a second round (7♠ and 7♦ tie for lowest; then 10♣ is lower than
// J♥, so seat 0 deals first); no side payments. Seed `golden-1-14`: with the
// ChaCha20-based PRNG the seed `golden-1` itself settles the draw in one round.
const GOLDEN_1_SEED = 'golden-1-14';
const GOLDEN_1_MOVES =
  '7♦+K♦ 9♠ 7♠ 8♠ 10♦ 9♦ 8♦ 10♠ 8♣ Q♠ 9♥ 7♥ A♣ J♠ 8♥ 9♣ J♦ Q♦ 10♣ Q♥ Q♣ A♥ A♠ K♥ K♣ 10♥ 7♣ J♥ K♠ A♦ J♣ ' +
  '10♠+7♥ Q♠ 9♠ A♠ A♣ 9♣ J♠ J♦ 7♦ 8♦ Q♦ Q♣ A♦ K♥ 10♥ J♥ 7♣ J♣ 8♣ Q♥ 9♥ 8♥ K♦ 10♣ K♣ A♥ 8♠ 9♦ 7♠ K♠ 10♦ ' +
  '10♠+7♣ Q♥ 9♥ 8♥ 7♥ 8♦ K♥ A♠ 9♠ 7♠ Q♠ K♠ 7♦ 10♥ Q♦ 9♦ Q♣ K♣ 8♣ 10♦ A♦ J♥ 10♣ J♦ J♣ 8♠ 9♣ J♠ A♣ K♦ A♥';

describe('golden replays (regression fixtures)', () => {
  it('golden-1: the draw, the move log, every deal and the result are as recorded', () => {
    const { state, log } = firstLegalGame(DEFAULT_OPTIONS, GOLDEN_1_SEED);
    expect(state.draw).toEqual([
      [
        { seat: 0, card: '7♠' },
        { seat: 1, card: '8♦' },
        { seat: 2, card: '7♦' },
      ],
      [
        { seat: 0, card: '10♣' },
        { seat: 2, card: 'J♥' },
      ],
    ]);
    expect(state.firstDealer).toBe(0);
    expect(compact(log)).toBe(GOLDEN_1_MOVES);
    expect(summary(state)).toEqual([
      { dealer: 0, turnUp: 'J♣', cardPoints: [75, 62, 13], tricks: [3, 6, 1], marks: ['plain', 'plain', 'plain'], sidePayments: [] },
      { dealer: 1, turnUp: '10♣', cardPoints: [40, 70, 40], tricks: [4, 4, 2], marks: ['plain', 'plain', 'plain'], sidePayments: [] },
      { dealer: 2, turnUp: 'K♦', cardPoints: [10, 63, 77], tricks: [2, 5, 3], marks: ['plain', 'plain', 'plain'], sidePayments: [] },
    ]);
    // 125 and 130 are both under 150 (and not under 100): each pays the winner 1 unit.
    expect(result(state)).toEqual({
      totals: [125, 195, 130],
      winners: [1],
      settlement: [
        { from: 0, to: 1, units: 1 },
        { from: 2, to: 1, units: 1 },
      ],
      sideUnits: [0, 0, 0],
      settlementUnits: [-1, 2, -1],
      net: [-1, 2, -1],
    });
  });

  it('golden-1: replaying the recorded move log rebuilds the same final state', () => {
    const cards = GOLDEN_1_MOVES.split(' ');
    // Seats are not in the compact log: take them from toAct while stepping through it.
    let state = setup(DEFAULT_OPTIONS, 3, GOLDEN_1_SEED);
    const moves: { seat: Seat; move: ReunionMove }[] = [];
    for (const text of cards) {
      const seat = toAct(state)[0] as Seat;
      const move: ReunionMove = text.includes('+')
        ? { type: 'discard', cards: text.split('+') as [Card, Card] }
        : { type: 'play', card: text as Card };
      moves.push({ seat, move });
      const r = apply(state, seat, move);
      if (!r.ok) throw new Error(`${text}: ${describeReason(r.reason)}`);
      state = r.state;
    }
    expect(replay(DEFAULT_OPTIONS, 3, GOLDEN_1_SEED, moves)).toEqual(state);
    expect(result(state)?.net).toEqual([-1, 2, -1]);
  });

  // golden-3 (seed `golden-3-20`; with the ChaCha20-based PRNG the seed `golden-3` shows none of this):
  // seat 2 deals first. In deal 2 (seat 0 deals, ♦ trumps) seat 0 leads the left bower J♥ and loses it
  // to seat 2's right bower J♦: 1 unit to seat 2. In deal 3 (seat 1 deals) seat 0 takes no trick and
  // scores nothing: a slash (Stange) and 1 unit to each opponent. Seat 0 ends with 10 points.
  const GOLDEN_3_SEED = 'golden-3-20';
  const GOLDEN_3_DEALS = [
    { dealer: 2, turnUp: '7♠', cardPoints: [4, 59, 87], tricks: [1, 3, 6], marks: ['plain', 'plain', 'plain'], sidePayments: [] },
    {
      dealer: 0,
      turnUp: '8♦',
      cardPoints: [6, 34, 110],
      tricks: [1, 2, 7],
      marks: ['plain', 'plain', 'plain'],
      sidePayments: [{ from: 0, to: 2, units: 1, reason: 'bower' }],
    },
    {
      dealer: 1,
      turnUp: 'K♣',
      cardPoints: [0, 55, 95],
      tricks: [0, 3, 7],
      marks: ['slash', 'plain', 'plain'],
      sidePayments: [
        { from: 0, to: 1, units: 1, reason: 'noTrick' },
        { from: 0, to: 2, units: 1, reason: 'noTrick' },
      ],
    },
  ];

  it('golden-3: a Stange and a bower capture, settled with the 3-unit tier (10 points, under 50)', () => {
    const { state } = firstLegalGame(DEFAULT_OPTIONS, GOLDEN_3_SEED);
    expect(summary(state)).toEqual(GOLDEN_3_DEALS);
    expect(result(state)).toEqual({
      totals: [10, 148, 292],
      winners: [2],
      // Seat 0 has 10 (under 50, not 0): 3 units. Seat 1 has 148 (under 150, not under 100): 1 unit.
      settlement: [
        { from: 0, to: 2, units: 3 },
        { from: 1, to: 2, units: 1 },
      ],
      sideUnits: [-3, 1, 2],
      settlementUnits: [-3, -1, 4],
      net: [-6, 0, 6],
    });
  });

  it('golden-3 with Pierer tiers: the same play, but 10 points pays only 2 units', () => {
    const { state } = firstLegalGame({ piererTiers: true }, GOLDEN_3_SEED);
    expect(summary(state)).toEqual(GOLDEN_3_DEALS);
    expect(result(state)).toEqual({
      totals: [10, 148, 292],
      winners: [2],
      settlement: [
        { from: 0, to: 2, units: 2 },
        { from: 1, to: 2, units: 1 },
      ],
      sideUnits: [-3, 1, 2],
      settlementUnits: [-2, -1, 3],
      net: [-5, 0, 5],
    });
  });
});

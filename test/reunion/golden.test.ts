/**
 * Golden replays: seeded games played with a fixed strategy (always the first legal move), whose
 * outcome is written out below as literals.
 *
 * These are REGRESSION FIXTURES. The literal values were computed once by running the engine as it
 * stood when this file was written (and checked for consistency: 150 card points per deal, 450 in
 * all, units summing to zero, tiers as in ../shared/rules/reunion.md § Game and settlement). They are
 * not derived by hand from the rules. If a deliberate change to the shuffle, the deal, the order of
 * `legalMoves` or the rules changes them, re-compute and update them, and say why in the commit.
 */
import { describe, expect, it } from 'vitest';
import type { Card } from '../../src/cards/french.ts';
import type { Seat } from '../../src/games/types.ts';
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
    if (!r.ok) throw new Error(r.reason.message);
    log.push({ seat, move });
    state = r.state;
  }
  return { state, log };
}

/** A move log written compactly: a discard as `X+Y`, a play as the card. */
const compact = (log: { move: ReunionMove }[]): string =>
  log.map(({ move }) => (move.type === 'discard' ? move.cards.join('+') : move.card)).join(' ');

/** Per-deal summary compared against the fixtures. */
const summary = (s: ReunionState) =>
  s.deals.map((d) => ({ dealer: d.dealer, turnUp: d.turnUp, cardPoints: d.cardPoints, tricks: d.tricks, marks: d.marks, sidePayments: d.sidePayments }));

// golden-1: the draw for first dealer needs a second round (7♣ and 7♥ tie for lowest); no side payments.
const GOLDEN_1_MOVES =
  'Q♥+Q♠ J♦ 9♥ 10♥ J♣ 8♣ 10♣ 8♦ A♦ Q♦ 7♠ J♠ A♠ A♣ 7♣ 9♣ K♠ 10♠ 8♠ Q♣ 7♥ K♥ 9♠ J♥ A♥ K♣ 9♦ 8♥ K♦ 7♦ 10♦ ' +
  'K♦+9♦ Q♣ 10♣ 9♣ 8♥ 10♥ A♥ A♦ 8♣ 10♦ 7♠ 9♠ A♠ 7♦ J♣ J♦ Q♥ K♥ 7♥ Q♦ 8♦ 7♣ 10♠ 8♠ Q♠ J♥ 9♥ J♠ K♣ K♠ A♣ ' +
  '9♣+Q♠ 9♥ J♥ Q♥ 7♣ J♠ A♣ 7♠ 8♠ 10♠ 7♥ 10♥ Q♣ J♦ 9♦ Q♦ 8♥ A♦ A♥ J♣ 10♣ K♦ 9♠ K♠ A♠ 7♦ 8♦ K♣ K♥ 10♦ 8♣';

describe('golden replays (regression fixtures)', () => {
  it('golden-1: the draw, the move log, every deal and the result are as recorded', () => {
    const { state, log } = firstLegalGame(DEFAULT_OPTIONS, 'golden-1');
    expect(state.draw).toEqual([
      [
        { seat: 0, card: '7♣' },
        { seat: 1, card: '10♣' },
        { seat: 2, card: '7♥' },
      ],
      [
        { seat: 0, card: 'Q♥' },
        { seat: 2, card: 'A♣' },
      ],
    ]);
    expect(state.firstDealer).toBe(0);
    expect(compact(log)).toBe(GOLDEN_1_MOVES);
    expect(summary(state)).toEqual([
      { dealer: 0, turnUp: '8♥', cardPoints: [53, 73, 24], tricks: [5, 4, 1], marks: ['plain', 'plain', 'plain'], sidePayments: [] },
      { dealer: 1, turnUp: 'A♣', cardPoints: [64, 40, 46], tricks: [5, 2, 3], marks: ['plain', 'plain', 'plain'], sidePayments: [] },
      { dealer: 2, turnUp: '8♣', cardPoints: [32, 28, 90], tricks: [3, 2, 5], marks: ['plain', 'plain', 'plain'], sidePayments: [] },
    ]);
    // 149 and 141 are both under 150: each pays the winner 1 unit.
    expect(result(state)).toEqual({
      totals: [149, 141, 160],
      winners: [2],
      settlement: [
        { from: 0, to: 2, units: 1 },
        { from: 1, to: 2, units: 1 },
      ],
      sideUnits: [0, 0, 0],
      settlementUnits: [-1, -1, 2],
      net: [-1, -1, 2],
    });
  });

  it('golden-1: replaying the recorded move log rebuilds the same final state', () => {
    const cards = GOLDEN_1_MOVES.split(' ');
    // Seats are not in the compact log: take them from toAct while stepping through it.
    let state = setup(DEFAULT_OPTIONS, 3, 'golden-1');
    const moves: { seat: Seat; move: ReunionMove }[] = [];
    for (const text of cards) {
      const seat = toAct(state)[0] as Seat;
      const move: ReunionMove = text.includes('+')
        ? { type: 'discard', cards: text.split('+') as [Card, Card] }
        : { type: 'play', card: text as Card };
      moves.push({ seat, move });
      const r = apply(state, seat, move);
      if (!r.ok) throw new Error(`${text}: ${r.reason.message}`);
      state = r.state;
    }
    expect(replay(DEFAULT_OPTIONS, 3, 'golden-1', moves)).toEqual(state);
    expect(result(state)?.net).toEqual([-1, -1, 2]);
  });

  // golden-3: the dealer of deal 1 (seat 0) discards 7♣ 7♥ and takes no trick: a slash and 1 unit to
  // each opponent; in deal 3 seat 2 loses the left bower to seat 0's right bower; seat 0 ends with 28.
  const GOLDEN_3_DEALS = [
    {
      dealer: 0,
      turnUp: '7♠',
      cardPoints: [0, 29, 121],
      tricks: [0, 2, 8],
      marks: ['slash', 'plain', 'plain'],
      sidePayments: [
        { from: 0, to: 1, units: 1, reason: 'noTrick' },
        { from: 0, to: 2, units: 1, reason: 'noTrick' },
      ],
    },
    { dealer: 1, turnUp: 'Q♣', cardPoints: [0, 113, 37], tricks: [1, 7, 2], marks: ['plain', 'plain', 'plain'], sidePayments: [] },
    {
      dealer: 2,
      turnUp: 'Q♦',
      cardPoints: [28, 43, 79],
      tricks: [1, 2, 7],
      marks: ['plain', 'plain', 'plain'],
      sidePayments: [{ from: 2, to: 0, units: 1, reason: 'bower' }],
    },
  ];

  it('golden-3: a Stange and a bower capture, settled with the 3-unit tier (28 points, under 50)', () => {
    const { state } = firstLegalGame(DEFAULT_OPTIONS, 'golden-3');
    expect(summary(state)).toEqual(GOLDEN_3_DEALS);
    expect(result(state)).toEqual({
      totals: [28, 185, 237],
      winners: [2],
      // Seat 1 has 185 (150 or more): pays nothing.
      settlement: [{ from: 0, to: 2, units: 3 }],
      sideUnits: [-1, 1, 0],
      settlementUnits: [-3, 0, 3],
      net: [-4, 1, 3],
    });
  });

  it('golden-3 with Pierer tiers: the same play, but 28 points pays only 2 units', () => {
    const { state } = firstLegalGame({ piererTiers: true }, 'golden-3');
    expect(summary(state)).toEqual(GOLDEN_3_DEALS);
    expect(result(state)).toEqual({
      totals: [28, 185, 237],
      winners: [2],
      settlement: [{ from: 0, to: 2, units: 2 }],
      sideUnits: [-1, 1, 0],
      settlementUnits: [-2, 0, 2],
      net: [-3, 1, 2],
    });
  });
});

/**
 * Réunion scoring: card points, the last trick, the dealer's discard, Stange marks, side payments and
 * the settlement in units after three deals. Every number comes from docs/rules/reunion.md
 * (§ Card points, § Side payments, § Game and settlement).
 */
import { describe, expect, it } from 'vitest';
import { type Card, FRENCH_32, SUITS, type Suit } from '../../src/cards/french.ts';
import { apply, setup, toAct, view } from '../../src/games/reunion/engine.ts';
import { DEAL_TOTAL, LAST_TRICK_BONUS, cardPoints, sumPoints } from '../../src/games/reunion/ranking.ts';
import { type FinishedDeal, lossTier, netUnits, scoreDeal, settle, standing } from '../../src/games/reunion/scoring.ts';
import {
  DEFAULT_OPTIONS,
  type DealScore,
  type ReunionEvent,
  type ReunionMove,
  type ReunionOptions,
  type ReunionState,
  type SidePayment,
} from '../../src/games/reunion/types.ts';
import { describeReason } from '../../src/games/types.ts';
import { legalMoves } from '../../src/games/reunion/legal.ts';

const PIERER: ReunionOptions = { piererTiers: true };

/** Pair each table row with a readable test name. */
function titled<T>(rows: T[], title: (row: T) => string): [string, T][] {
  return rows.map((row) => [title(row), row]);
}

/** A finished deal with defaults: dealer 0, trump ♥, turn-up 7♥, nothing won, no discard. */
function finished(patch: Partial<FinishedDeal>): FinishedDeal {
  return {
    dealNo: 0,
    dealer: 0,
    trump: '♥',
    turnUp: '7♥',
    won: [[], [], []],
    tricks: [0, 0, 0],
    discard: [],
    lastTrickWinner: 0,
    bowerPayments: [],
    ...patch,
  };
}

/** A scored deal carrying only card points and side payments (all `settle` reads). */
function dealScore(points: number[], sidePayments: SidePayment[] = [], dealNo = 0): DealScore {
  return {
    dealNo,
    dealer: dealNo % 3,
    trump: '♥',
    turnUp: '7♥',
    cardPoints: points,
    tricks: [4, 3, 3],
    discardPoints: 0,
    marks: ['plain', 'plain', 'plain'],
    sidePayments,
  };
}

/** Apply a sequence of moves, failing the test on a refused one; returns the final state and all events. */
function play(state: ReunionState, moves: [number, ReunionMove][]): { state: ReunionState; events: ReunionEvent[] } {
  const events: ReunionEvent[] = [];
  let s = state;
  for (const [seat, move] of moves) {
    const r = apply(s, seat, move);
    if (!r.ok) throw new Error(`seat ${seat} ${JSON.stringify(move)}: ${describeReason(r.reason)}`);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}
const card = (c: Card): ReunionMove => ({ type: 'play', card: c });

const base = setup(DEFAULT_OPTIONS, 3, 'scoring');

describe('card points', () => {
  it.each(
    titled(
      [
        { card: 'J♥', trump: '♥', points: 12, what: 'the right bower' },
        { card: 'J♦', trump: '♥', points: 12, what: 'the left bower' },
        { card: 'J♠', trump: '♣', points: 12, what: 'the left bower with black trumps' },
        { card: 'J♣', trump: '♥', points: 2, what: 'a jack of the opposite colour' },
        { card: 'J♠', trump: '♥', points: 2, what: 'the other jack of the opposite colour' },
        { card: 'A♠', trump: '♥', points: 11, what: 'a plain ace' },
        { card: 'A♥', trump: '♥', points: 11, what: 'the ace of trumps' },
        { card: '10♦', trump: '♥', points: 10, what: 'a ten' },
        { card: 'K♣', trump: '♥', points: 4, what: 'a king' },
        { card: 'Q♥', trump: '♥', points: 3, what: 'a queen' },
        { card: '9♥', trump: '♥', points: 0, what: 'a nine' },
        { card: '8♣', trump: '♥', points: 0, what: 'an eight' },
        { card: '7♦', trump: '♥', points: 0, what: 'a seven' },
      ] as { card: Card; trump: Suit; points: number; what: string }[],
      (r) => `${r.what} (${r.card}, trump ${r.trump}) is worth ${r.points}`,
    ),
  )('%s', (_, { card: c, trump, points }) => {
    expect(cardPoints(c, trump)).toBe(points);
  });

  it('adds up to 4×(11+10+4+3) + 2×12 + 2×2 + 10 = 150 per deal, whatever the trump suit', () => {
    for (const trump of SUITS) {
      const cardsWorth = new Map<number, number>();
      for (const c of FRENCH_32) cardsWorth.set(cardPoints(c, trump), (cardsWorth.get(cardPoints(c, trump)) ?? 0) + 1);
      // 4 aces, 4 tens, 4 kings, 4 queens, the two bowers, the two other jacks, twelve nines to sevens.
      expect(Object.fromEntries(cardsWorth)).toEqual({ 11: 4, 10: 4, 4: 4, 3: 4, 12: 2, 2: 2, 0: 12 });
    }
    expect(DEAL_TOTAL).toBe(150);
    expect(LAST_TRICK_BONUS).toBe(10);
    for (const trump of SUITS) expect(sumPoints(FRENCH_32, trump) + LAST_TRICK_BONUS).toBe(150);
  });
});

describe('scoring a deal', () => {
  it('gives the winner of the last trick 10 extra card points', () => {
    const score = scoreDeal(finished({ won: [['A♣'], ['K♣'], ['Q♣']], tricks: [1, 1, 1], lastTrickWinner: 2 }));
    expect(score.cardPoints).toEqual([11, 4, 3 + 10]);
  });

  it("counts the discard's points for the dealer", () => {
    const score = scoreDeal(finished({ dealer: 1, won: [['A♣'], ['7♣'], ['8♣']], tricks: [1, 1, 1], discard: ['10♠', 'K♠'], lastTrickWinner: 0 }));
    expect(score.discardPoints).toBe(14);
    expect(score.cardPoints).toEqual([11 + 10, 0 + 14, 0]);
  });

  it('marks players who took a trick plain, even with no card points', () => {
    const score = scoreDeal(finished({ won: [['A♣'], ['7♣', '8♣', '9♣'], ['K♣']], tricks: [5, 1, 4], lastTrickWinner: 0 }));
    expect(score.cardPoints[1]).toBe(0);
    expect(score.marks).toEqual(['plain', 'plain', 'plain']);
    expect(score.sidePayments).toEqual([]);
  });

  it('writes a slash for a trickless player who scored nothing, who pays 1 unit to each opponent', () => {
    const score = scoreDeal(finished({ dealer: 0, won: [['A♣'], ['K♣'], []], tricks: [6, 4, 0], lastTrickWinner: 0 }));
    expect(score.marks).toEqual(['plain', 'plain', 'slash']);
    expect(score.cardPoints[2]).toBe(0);
    expect(score.sidePayments).toEqual([
      { from: 2, to: 0, units: 1, reason: 'noTrick' },
      { from: 2, to: 1, units: 1, reason: 'noTrick' },
    ]);
  });

  it('underlines a trickless dealer who scored through the discard, who still pays 1 unit to each opponent', () => {
    const score = scoreDeal(finished({ dealer: 1, won: [['A♣'], [], ['K♣']], tricks: [6, 0, 4], discard: ['K♠', 'Q♠'], lastTrickWinner: 0 }));
    expect(score.cardPoints[1]).toBe(7);
    expect(score.marks).toEqual(['plain', 'underlined', 'plain']);
    expect(score.sidePayments).toEqual([
      { from: 1, to: 0, units: 1, reason: 'noTrick' },
      { from: 1, to: 2, units: 1, reason: 'noTrick' },
    ]);
  });

  it('writes a slash for a trickless dealer whose discard is worth nothing', () => {
    const score = scoreDeal(finished({ dealer: 1, won: [['A♣'], [], ['K♣']], tricks: [6, 0, 4], discard: ['9♠', '8♠'], lastTrickWinner: 0 }));
    expect(score.marks).toEqual(['plain', 'slash', 'plain']);
  });

  it('keeps the bower payments made during play', () => {
    const bower: SidePayment = { from: 1, to: 2, units: 1, reason: 'bower' };
    const score = scoreDeal(finished({ won: [['A♣'], ['K♣'], ['J♥', 'J♦']], tricks: [4, 3, 3], bowerPayments: [bower] }));
    expect(score.sidePayments).toEqual([bower]);
  });
});

describe('bower capture, played through the engine', () => {
  // Hand-built play state, trump ♥ (right bower J♥, left bower J♦); seat 0 deals, seat 1 leads.
  const state = (hands: Card[][]): ReunionState => ({
    ...base,
    firstDealer: 0,
    dealNo: 0,
    dealer: 0,
    phase: 'play',
    trump: '♥',
    turnUp: '7♥',
    leader: 1,
    hands,
    discard: ['K♠', 'Q♠'],
    won: [[], [], []],
    tricksWon: [0, 0, 0],
    trick: [],
    lastTrick: null,
    sidePayments: [],
    deals: [],
  });

  it('makes the holder of the left bower pay 1 unit to the player who captures it with the right bower', () => {
    const { state: s, events } = play(
      state([
        ['7♥', 'A♣'],
        ['J♥', '8♣'],
        ['J♦', '9♣'],
      ]),
      [
        [1, card('J♥')],
        [2, card('J♦')],
        [0, card('7♥')],
      ],
    );
    expect(s.sidePayments).toEqual([{ from: 2, to: 1, units: 1, reason: 'bower' }]);
    expect(events).toContainEqual({ type: 'bowerCaptured', from: 2, to: 1 });
  });

  it('also applies when the left bower is led and the right bower is played on it', () => {
    const { state: s } = play(
      state([
        ['J♥', 'A♣'],
        ['J♦', '8♣'],
        ['7♥', '9♣'],
      ]),
      [
        [1, card('J♦')],
        [2, card('7♥')],
        [0, card('J♥')],
      ],
    );
    expect(s.tricksWon).toEqual([1, 0, 0]);
    expect(s.sidePayments).toEqual([{ from: 1, to: 0, units: 1, reason: 'bower' }]);
  });

  it('costs nothing when the right bower wins a trick without the left bower in it', () => {
    const { state: s, events } = play(
      state([
        ['7♥', 'A♣'],
        ['J♥', '8♣'],
        ['A♥', '9♣'],
      ]),
      [
        [1, card('J♥')],
        [2, card('A♥')],
        [0, card('7♥')],
      ],
    );
    expect(s.sidePayments).toEqual([]);
    expect(events.some((e) => e.type === 'bowerCaptured')).toBe(false);
  });

  it('costs nothing when the left bower wins its trick', () => {
    const { state: s } = play(
      state([
        ['7♥', 'A♣'],
        ['J♦', '8♣'],
        ['A♥', '9♣'],
      ]),
      [
        [1, card('J♦')],
        [2, card('A♥')],
        [0, card('7♥')],
      ],
    );
    expect(s.tricksWon).toEqual([0, 1, 0]);
    expect(s.sidePayments).toEqual([]);
  });

  it('scores the deal after the last trick: last trick 10, discard to the dealer, bower and no-trick payments, slash', () => {
    // A two-trick end of a deal (only these 8 cards are in play, so the points do not add up to 150).
    const { state: s, events } = play(
      state([
        ['7♥', 'A♣'],
        ['J♥', '8♣'],
        ['J♦', '9♣'],
      ]),
      [
        [1, card('J♥')],
        [2, card('J♦')],
        [0, card('7♥')],
        [1, card('8♣')],
        [2, card('9♣')],
        [0, card('A♣')],
      ],
    );
    const expected: DealScore = {
      dealNo: 0,
      dealer: 0,
      trump: '♥',
      turnUp: '7♥',
      active: [0, 1, 2],
      // seat 0: A♣ 11 + last trick 10 + discard K♠ Q♠ 7; seat 1: J♥ J♦ 24; seat 2: nothing.
      cardPoints: [28, 24, 0],
      tricks: [1, 1, 0],
      discardPoints: 7,
      marks: ['plain', 'plain', 'slash'],
      sidePayments: [
        { from: 2, to: 1, units: 1, reason: 'bower' },
        { from: 2, to: 0, units: 1, reason: 'noTrick' },
        { from: 2, to: 1, units: 1, reason: 'noTrick' },
      ],
    };
    expect(s.deals).toEqual([expected]);
    expect(events).toContainEqual({ type: 'dealScored', score: expected });
    expect(events).toContainEqual(expect.objectContaining({ type: 'trickWon', trickNo: 2, winner: 0, lastTrick: true }));
    // The next deal is dealt by the next seat, with fresh side payments.
    expect(s.dealNo).toBe(1);
    expect(s.dealer).toBe(1);
    expect(s.phase).toBe('discard');
    expect(s.sidePayments).toEqual([]);
    expect(s.hands.map((h) => h.length)).toEqual([10, 12, 10]);
  });

  it('scores a full deal to 150, crediting a trickless dealer with the discard (underlined)', () => {
    // Last trick of a complete deal: seat 1 took one trick of 9♦ 8♦ 7♦ before, seat 2 the other eight
    // tricks, the dealer (seat 0) none; the dealer discarded K♠ Q♠ (7 points).
    const lastTrick: Card[] = ['A♣', '7♣', '10♣'];
    const discard: Card[] = ['K♠', 'Q♠'];
    const seat1Won: Card[] = ['9♦', '8♦', '7♦'];
    const seat2Won = FRENCH_32.filter((c) => ![...lastTrick, ...discard, ...seat1Won].includes(c));
    expect(seat2Won).toHaveLength(24);
    const start: ReunionState = {
      ...state([['10♣'], ['A♣'], ['7♣']]),
      discard,
      won: [[], seat1Won, seat2Won],
      tricksWon: [0, 1, 8],
    };
    const { state: s } = play(start, [
      [1, card('A♣')],
      [2, card('7♣')],
      [0, card('10♣')],
    ]);
    const score = s.deals[0] as DealScore;
    // seat 1: A♣ 10♣ 21 + last trick 10 = 31; seat 0: the discard, 7; seat 2: 140 − 21 − 7 = 112.
    expect(score.cardPoints).toEqual([7, 31, 112]);
    expect(score.cardPoints.reduce((a, b) => a + b, 0)).toBe(150);
    expect(score.marks).toEqual(['underlined', 'plain', 'plain']);
    expect(score.sidePayments).toEqual([
      { from: 0, to: 1, units: 1, reason: 'noTrick' },
      { from: 0, to: 2, units: 1, reason: 'noTrick' },
    ]);
  });
});

describe('settlement after three deals', () => {
  it('settles the example A 220 / B 140 / C 90 as A +3, B −1, C −2', () => {
    const r = settle([dealScore([80, 40, 30], [], 0), dealScore([70, 50, 30], [], 1), dealScore([70, 50, 30], [], 2)], 3, DEFAULT_OPTIONS);
    expect(r.totals).toEqual([220, 140, 90]);
    expect(r.winners).toEqual([0]);
    expect(r.settlement).toEqual([
      { from: 1, to: 0, units: 1 },
      { from: 2, to: 0, units: 2 },
    ]);
    expect(r.settlementUnits).toEqual([3, -1, -2]);
    expect(r.net).toEqual([3, -1, -2]);
  });

  it.each(
    titled(
      [
        { total: 0, units: 4 },
        { total: 1, units: 3 },
        { total: 49, units: 3 },
        { total: 50, units: 2 },
        { total: 99, units: 2 },
        { total: 100, units: 1 },
        { total: 149, units: 1 },
        { total: 150, units: 0 },
        { total: 225, units: 0 },
      ],
      (r) => `a loser with ${r.total} card points pays ${r.units} unit(s)`,
    ),
  )('%s', (_, { total, units }) => {
    expect(lossTier(total, DEFAULT_OPTIONS)).toBe(units);
  });

  it.each(
    titled(
      [
        { total: 0, units: 4 },
        { total: 1, units: 2 },
        { total: 49, units: 2 },
        { total: 50, units: 2 },
        { total: 99, units: 2 },
        { total: 100, units: 1 },
        { total: 149, units: 1 },
        { total: 150, units: 0 },
      ],
      (r) => `with Pierer tiers a loser with ${r.total} card points pays ${r.units} unit(s)`,
    ),
  )('%s', (_, { total, units }) => {
    expect(lossTier(total, PIERER)).toBe(units);
  });

  it.each(
    titled(
      [
        { totals: [450, 0, 0], options: DEFAULT_OPTIONS, net: [8, -4, -4], why: 'two players at 0 pay 4 each' },
        { totals: [350, 51, 49], options: DEFAULT_OPTIONS, net: [5, -2, -3], why: 'under 100 pays 2, under 50 pays 3' },
        { totals: [350, 51, 49], options: PIERER, net: [4, -2, -2], why: 'with Pierer tiers under 50 pays only 2' },
        { totals: [450, 0, 0], options: PIERER, net: [8, -4, -4], why: 'with Pierer tiers 0 still pays 4' },
        { totals: [300, 100, 50], options: DEFAULT_OPTIONS, net: [3, -1, -2], why: '100 pays 1 and 50 pays 2' },
        { totals: [260, 150, 40], options: DEFAULT_OPTIONS, net: [3, 0, -3], why: 'a non-winner with 150 pays nothing' },
      ],
      (r) => `totals ${r.totals.join(' / ')} settle as ${r.net.join(' / ')}: ${r.why}`,
    ),
  )('%s', (_, { totals, options, net }) => {
    const r = settle([dealScore(totals)], 3, options);
    expect(r.winners).toEqual([0]);
    expect(r.net).toEqual(net);
  });

  it('lets players tied for the highest total share the win: each loser pays each tied winner in full', () => {
    const r = settle([dealScore([200, 200, 50])], 3, DEFAULT_OPTIONS);
    expect(r.winners).toEqual([0, 1]);
    expect(r.settlement).toEqual([
      { from: 2, to: 0, units: 2 },
      { from: 2, to: 1, units: 2 },
    ]);
    expect(r.net).toEqual([2, 2, -4]);
  });

  it('lets a loser at 0 pay 4 units to each of two tied winners', () => {
    expect(settle([dealScore([225, 225, 0])], 3, DEFAULT_OPTIONS).net).toEqual([4, 4, -8]);
  });

  it('has nobody pay when all three tie at 150', () => {
    const r = settle([dealScore([150, 150, 150])], 3, DEFAULT_OPTIONS);
    expect(r.winners).toEqual([0, 1, 2]);
    expect(r.settlement).toEqual([]);
    expect(r.net).toEqual([0, 0, 0]);
  });

  it('adds the side payments of every deal to the settlement, and the units sum to zero', () => {
    const deals = [
      dealScore([60, 50, 40], [{ from: 2, to: 0, units: 1, reason: 'bower' }], 0),
      dealScore(
        [60, 90, 0],
        [
          { from: 2, to: 0, units: 1, reason: 'noTrick' },
          { from: 2, to: 1, units: 1, reason: 'noTrick' },
        ],
        1,
      ),
      dealScore([100, 30, 20], [], 2),
    ];
    const r = settle(deals, 3, DEFAULT_OPTIONS);
    expect(r.totals).toEqual([220, 170, 60]);
    expect(r.sideUnits).toEqual([2, 1, -3]);
    // seat 1 has 170 (≥ 150): pays nothing; seat 2 has 60 (under 100): pays 2.
    expect(r.settlementUnits).toEqual([2, 0, -2]);
    expect(r.net).toEqual([4, 1, -5]);
    expect(r.net.reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('nets payments per seat', () => {
    expect(
      netUnits(
        [
          { from: 0, to: 1, units: 3 },
          { from: 2, to: 1, units: 1 },
        ],
        3,
      ),
    ).toEqual([-3, 4, -1]);
  });
});

describe('the standing so far', () => {
  const deals = [
    dealScore([60, 50, 40], [{ from: 2, to: 0, units: 1, reason: 'bower' }], 0),
    dealScore(
      [60, 90, 0],
      [
        { from: 2, to: 0, units: 1, reason: 'noTrick' },
        { from: 2, to: 1, units: 1, reason: 'noTrick' },
      ],
      1,
    ),
    dealScore([100, 30, 20], [], 2),
  ];

  it.each([
    { after: 0, totals: [0, 0, 0], sideUnits: [0, 0, 0] },
    { after: 1, totals: [60, 50, 40], sideUnits: [1, 0, -1] },
    { after: 2, totals: [120, 140, 40], sideUnits: [2, 1, -3] },
    { after: 3, totals: [220, 170, 60], sideUnits: [2, 1, -3] },
  ])('after $after deals: card points $totals, side units $sideUnits', ({ after, totals, sideUnits }) => {
    expect(standing(deals.slice(0, after), 3)).toEqual({ totals, sideUnits });
  });

  it('is in the public view after every deal, and at the end equals the settlement’s totals and side units', () => {
    let s = setup(DEFAULT_OPTIONS, 3, 'standing');
    const seen: number[] = [];
    while (toAct(s).length) {
      const seat = toAct(s)[0]!;
      const r = apply(s, seat, legalMoves(s, seat)[0]!);
      if (!r.ok) throw new Error(describeReason(r.reason));
      s = r.state;
      const v = view(s, null);
      const sums = [0, 1, 2].map((seat) => s.deals.reduce((t, d) => t + (d.cardPoints[seat] ?? 0), 0));
      expect(v.totals).toEqual(sums);
      expect(v.sideUnits).toEqual(
        netUnits(
          s.deals.flatMap((d) => d.sidePayments),
          3,
        ),
      );
      if (!seen.includes(s.deals.length)) seen.push(s.deals.length);
    }
    expect(seen).toEqual([0, 1, 2, 3]);
    const final = view(s, null);
    expect(final.totals).toEqual(final.result!.totals);
    expect(final.sideUnits).toEqual(final.result!.sideUnits);
  });
});

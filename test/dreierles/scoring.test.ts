/**
 * Dreierles scoring: the contract value table for every contract, knocks, the bonuses of a declarer game
 * and the Räuber payments. Every number comes from docs/rules/dreierles.md § Scoring, § Räuber,
 * § Four players, § Session.
 */
import { describe, expect, it } from 'vitest';
import { CEGO_54, type CegoCard, countPile } from '../../src/cards/cego.ts';
import { seededRng } from '../../src/cards/random.ts';
import { type Seat, describeReason } from '../../src/games/types.ts';
import { apply, setup, toAct } from '../../src/games/dreierles/engine.ts';
import { legalMoves } from '../../src/games/dreierles/legal.ts';
import { type DeclarerDeal, WINNING_POINTS, contractValue, declarerPayments, netPoints, raeuberPayments } from '../../src/games/dreierles/scoring.ts';
import {
  CONTRACTS,
  CONTRACT_INFO,
  type Contract,
  DEFAULT_DREIERLES_OPTIONS,
  type DealScore,
  type DreierlesOptions,
  type DreierlesState,
  type Payment,
} from '../../src/games/dreierles/types.ts';

/** Pair each table row with a readable test name. */
function titled<T>(rows: T[], title: (row: T) => string): [string, T][] {
  return rows.map((row) => [title(row), row]);
}

/** The digest's table, row by row: declarer's points from–to, then Dreier, Zweier, Einer, Solo. */
const TABLE: [number, number, number, number, number, number][] = [
  [65, 69, 7, 14, 21, 28],
  [60, 64, 6, 12, 18, 24],
  [55, 59, 5, 10, 15, 20],
  [50, 54, 4, 8, 12, 16],
  [45, 49, 3, 6, 9, 12],
  [40, 44, 2, 4, 6, 8],
  [36, 39, 1, 2, 3, 4],
  [31, 35, -1, -2, -3, -4],
  [26, 30, -2, -4, -6, -8],
  [21, 25, -3, -6, -9, -12],
  [16, 20, -4, -8, -12, -16],
  [11, 15, -5, -10, -15, -20],
  [6, 10, -6, -12, -18, -24],
  [1, 5, -7, -14, -21, -28],
];

describe('the contract value table', () => {
  it.each(titled(TABLE, ([from, to, ...v]) => `${from}–${to} card points score ${v.join(' / ')} (Dreier / Zweier / Einer / Solo)`))(
    '%s',
    (_title, [from, to, ...values]) => {
      for (let p = from; p <= to; p++)
        CONTRACTS.forEach((contract, i) => expect(contractValue(p, contract, 0), `${p} in ${contract}`).toBe(values[i]));
    },
  );

  it.each([
    ['einer', -24],
    ['solo', -32],
  ] as [Contract, number][])('scores 0 card points in %s as %i (the row Dreier and Zweier cannot reach)', (contract, value) => {
    expect(contractValue(0, contract, 0)).toBe(value);
  });

  it('covers every possible score 0–69 without a gap, and splits at 36 (won) / 35 (lost)', () => {
    const covered = new Set(TABLE.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i)));
    expect(covered.size).toBe(69);
    expect(WINNING_POINTS).toBe(36);
    expect(contractValue(36, 'dreier', 0)).toBe(1);
    expect(contractValue(35, 'dreier', 0)).toBe(-1);
  });

  it.each([
    [40, 2],
    [45, 3],
    [65, 7],
    [30, -2],
    [25, -3],
  ])('follows pagat at the multiple of 5: %i card points in Dreier score %i', (p, value) => {
    expect(contractValue(p, 'dreier', 0)).toBe(value);
  });

  it.each(titled([0, 1, 2, 3, 4], (k) => `doubles for each knock: ${k} knock${k === 1 ? '' : 's'} multiply by ${2 ** k}`))('%s', (_title, knocks) => {
    for (const [from, to, ...values] of TABLE)
      for (const p of [from, to])
        CONTRACTS.forEach((contract, i) =>
          expect(contractValue(p, contract, knocks), `${p} in ${contract}`).toBe((values[i] as number) * 2 ** knocks),
        );
  });

  it('uses the factors 1, 2, 3, 4 for Dreier, Zweier, Einer, Solo, taking 3, 2, 1, 0 cards', () => {
    expect(CONTRACTS.map((c) => CONTRACT_INFO[c].factor)).toEqual([1, 2, 3, 4]);
    expect(CONTRACTS.map((c) => CONTRACT_INFO[c].take)).toEqual([3, 2, 1, 0]);
  });
});

/** A declarer deal with defaults: 3 seats, seat 1 declares Dreier, 40 card points, empty hands, no Pfeife. */
function declarerDeal(patch: Partial<DeclarerDeal>): DeclarerDeal {
  return {
    seats: 3,
    declarer: 1,
    contract: 'dreier',
    knocks: 0,
    declarerPoints: 40,
    handsBeforePlay: [[], [], []],
    zehnDruckAnnounced: false,
    pfeifeRaus: false,
    pfeife: 'none',
    ...patch,
  };
}

const TEN_TRUMPS: CegoCard[] = ['20', '19', '18', '17', '16', '15', '14', '13', '12', '11'];
const NINE_TRUMPS = TEN_TRUMPS.slice(1);
const FOUR_KINGS: CegoCard[] = ['K♥', 'K♦', 'K♣', 'K♠'];
const TRULL: CegoCard[] = ['Stiess', '21', '1'];

/** Net of the payments of one reason. */
const netFor = (payments: Payment[], reason: Payment['reason'], seats: number) =>
  netPoints(
    payments.filter((p) => p.reason === reason),
    seats,
  );

describe('the bonuses of a declarer game', () => {
  it.each(
    titled(
      [
        { name: 'announced Zehn Druck of the declarer', hands: [[], TEN_TRUMPS, []], announced: true, reason: 'zehnDruck', net: [-1, 2, -1] },
        {
          name: 'unannounced Zehn Druck of the declarer (nothing)',
          hands: [[], TEN_TRUMPS, []],
          announced: false,
          reason: 'zehnDruck',
          net: [0, 0, 0],
        },
        {
          name: 'Zehn Druck of a defender, claimed without announcing',
          hands: [TEN_TRUMPS, [], []],
          announced: false,
          reason: 'zehnDruck',
          net: [2, -1, -1],
        },
        { name: 'nine trumps (nothing)', hands: [NINE_TRUMPS, NINE_TRUMPS, []], announced: true, reason: 'zehnDruck', net: [0, 0, 0] },
        { name: 'Trull of a defender', hands: [[], [], TRULL], announced: false, reason: 'trull', net: [-1, -1, 2] },
        { name: 'Trull of the declarer', hands: [[], TRULL, []], announced: false, reason: 'trull', net: [-1, 2, -1] },
        {
          name: 'Stiess and 21 without the Pfeife (nothing)',
          hands: [['Stiess', '21'], ['1'], []],
          announced: false,
          reason: 'trull',
          net: [0, 0, 0],
        },
        { name: 'Four Kings of a defender', hands: [FOUR_KINGS, [], []], announced: false, reason: 'vierKoenige', net: [2, -1, -1] },
        { name: 'three Kings (nothing)', hands: [FOUR_KINGS.slice(1), [], []], announced: false, reason: 'vierKoenige', net: [0, 0, 0] },
      ] as { name: string; hands: CegoCard[][]; announced: boolean; reason: Payment['reason']; net: number[] }[],
      (r) => `${r.name}: ${r.net.join(' / ')}`,
    ),
  )('%s', (_title, { hands, announced, reason, net }) => {
    const payments = declarerPayments(declarerDeal({ handsBeforePlay: hands, zehnDruckAnnounced: announced, knocks: 3 }));
    // Bonuses are 1 from each other player, not multiplied by the contract or the knocks.
    expect(netFor(payments, reason, 3)).toEqual(net);
    for (const p of payments.filter((q) => q.reason === reason)) expect(p.points).toBe(1);
  });

  it.each(
    titled(
      [
        { pfeife: 'wonLast', raus: false, reason: 'pfeife', each: 1 },
        { pfeife: 'lostLast', raus: false, reason: 'pfeife', each: -1 },
        { pfeife: 'wonLast', raus: true, reason: 'pfeifeRaus', each: 2 },
        { pfeife: 'lostLast', raus: true, reason: 'pfeifeRaus', each: -2 },
        { pfeife: 'forced', raus: true, reason: 'pfeifeForced', each: -2 },
      ] as { pfeife: DeclarerDeal['pfeife']; raus: boolean; reason: Payment['reason']; each: number }[],
      (r) =>
        `the Pfeife ${r.pfeife}${r.raus ? ' (announced)' : ''}: ${r.each > 0 ? '+' : ''}${r.each} from each other player, a sitting-out dealer too`,
    ),
  )('%s', (_title, { pfeife, raus, reason, each }) => {
    for (const seats of [3, 4]) {
      const hands = Array.from({ length: seats }, () => [] as CegoCard[]);
      const payments = declarerPayments(declarerDeal({ seats, handsBeforePlay: hands, pfeife, pfeifeRaus: raus, knocks: 2, contract: 'solo' }));
      const net = netFor(payments, reason, seats);
      expect(net[1]).toBe(each * (seats - 1));
      for (let s = 0; s < seats; s++) if (s !== 1) expect(net[s]).toBe(-each);
      // The announced Pfeife replaces the ±1: never both.
      const pfeifeReasons = new Set(payments.filter((p) => p.reason.startsWith('pfeife')).map((p) => p.reason));
      expect([...pfeifeReasons]).toEqual([reason]);
    }
  });

  it('pays nothing for the Pfeife when it was not in the last trick', () => {
    const payments = declarerPayments(declarerDeal({ pfeife: 'none', pfeifeRaus: false }));
    expect(payments.filter((p) => p.reason !== 'contract')).toEqual([]);
  });

  it('makes the sitting-out dealer pay and receive the contract like a defender', () => {
    const won = declarerPayments(declarerDeal({ seats: 4, handsBeforePlay: [[], [], [], []], contract: 'zweier', declarerPoints: 50, knocks: 1 }));
    expect(netPoints(won, 4)).toEqual([-16, 48, -16, -16]);
    const lost = declarerPayments(declarerDeal({ seats: 4, declarer: 2, handsBeforePlay: [[], [], [], []], contract: 'einer', declarerPoints: 35 }));
    expect(netPoints(lost, 4)).toEqual([3, 3, -9, 3]);
  });
});

describe('Räuber payments', () => {
  it.each(
    titled(
      [
        { name: 'one loser pays 2 to each other player', points: [30, 20, 20], value: 2, net: [-4, 2, 2] },
        { name: 'one loser, two knocks: 8 to each', points: [10, 40, 20], value: 8, net: [8, -16, 8] },
        { name: 'one loser at four players pays the sitting-out dealer too', points: [null, 20, 30, 14], value: 2, net: [2, 2, -6, 2] },
        { name: 'two tied for most pay half (1) each to the third', points: [25, 25, 14], value: 2, net: [-1, -1, 2] },
        { name: 'two tied, one knock: 2 each', points: [10, 27, 27], value: 4, net: [4, -2, -2] },
        { name: 'two tied at four players pay half to the third and to the dealer', points: [null, 25, 14, 25], value: 2, net: [2, -2, 2, -2] },
        { name: 'all three tied at three players: nothing', points: [20, 20, 20], value: 2, net: [0, 0, 0] },
        { name: 'all three tied at four players: each pays the dealer half (1)', points: [null, 20, 20, 20], value: 2, net: [3, -1, -1, -1] },
        { name: 'all three tied at four players, raised value 4: 2 each to the dealer', points: [null, 20, 20, 20], value: 4, net: [6, -2, -2, -2] },
        { name: 'all three tied at four players, raised and one knock: 4 each', points: [22, 22, null, 22], value: 8, net: [-4, -4, 12, -4] },
        { name: 'raised value 4: one loser pays 4 to each', points: [5, 35, 24], value: 4, net: [4, -8, 4] },
        { name: 'raised value 4, two tied: 2 each to the third', points: [30, 8, 30], value: 4, net: [-2, 4, -2] },
      ] as { name: string; points: (number | null)[]; value: number; net: number[] }[],
      (r) => `${r.name} (points ${r.points.map((p) => p ?? '–').join('/')}, value ${r.value})`,
    ),
  )('%s', (_title, { points, value, net }) => {
    const payments = raeuberPayments(points, value);
    expect(netPoints(payments, points.length)).toEqual(net);
    expect(net.reduce((a, b) => a + b, 0)).toBe(0);
    for (const p of payments) expect(p.reason).toBe('raeuber');
  });
});

/**
 * A Räuber deal through the engine: everyone passes, each seat knocks if `knockers` includes it, then the
 * cards are played at random (legal moves from a seeded PRNG). Returns the score of the deal.
 */
function raeuberThroughEngine(
  options: DreierlesOptions,
  seats: number,
  seed: string,
  knockers: Seat[],
): { before: DreierlesState; score: DealScore } {
  const rng = seededRng(`raeuber:${seed}`);
  let s = setup(options, seats, seed);
  const step = (seat: Seat, move: Parameters<typeof apply>[2]) => {
    const r = apply(s, seat, move);
    if (!r.ok) throw new Error(describeReason(r.reason));
    s = r.state;
    return r.events;
  };
  for (let i = 0; i < 3; i++) step(toAct(s)[0] as Seat, { type: 'pass' });
  expect(s.phase).toBe('raeuberKnock');
  const order: Seat[] = [];
  while (s.phase === 'raeuberKnock') {
    const seat = toAct(s)[0] as Seat;
    order.push(seat);
    step(seat, { type: knockers.includes(seat) ? 'knock' : 'noKnock' });
  }
  expect(order).toEqual(seats === 3 ? s.active : [...s.active, s.dealer]);
  const before = s;
  for (;;) {
    const seat = toAct(s)[0] as Seat;
    const moves = legalMoves(s, seat);
    const events = step(seat, moves[Math.floor(rng() * moves.length)] as Parameters<typeof apply>[2]);
    const scored = events.find((e) => e.type === 'dealScored');
    if (scored && scored.type === 'dealScored') return { before, score: scored.score };
  }
}

describe('Räuber through the engine', () => {
  it.each(
    titled(
      [
        { seats: 3, knockers: [], lastRound: false, value: 2 },
        { seats: 3, knockers: [1], lastRound: false, value: 4 },
        { seats: 3, knockers: [1, 2, 0], lastRound: false, value: 16 },
        { seats: 4, knockers: [0], lastRound: false, value: 4 },
        { seats: 4, knockers: [1, 2, 3, 0], lastRound: false, value: 32 },
        { seats: 3, knockers: [], lastRound: true, value: 4 },
        { seats: 4, knockers: [2], lastRound: true, value: 8 },
        { seats: 3, knockers: [0, 2], lastRound: true, value: 16 },
      ] as { seats: number; knockers: Seat[]; lastRound: boolean; value: number }[],
      (r) =>
        `${r.seats} players, ${r.knockers.length} knock${r.knockers.length === 1 ? '' : 's'}${r.lastRound ? ', last round raised to 4' : ''}: value ${r.value}`,
    ),
  )('%s', (_title, { seats, knockers, lastRound, value }) => {
    const options = { ...DEFAULT_DREIERLES_OPTIONS, lastRoundRaeuberOrSolo: lastRound };
    for (let k = 0; k < 5; k++) {
      const { before, score } = raeuberThroughEngine(options, seats, `r-${seats}-${knockers.join('')}-${lastRound}-${k}`, knockers);
      expect(score.contract).toBeNull();
      expect(score.knocks).toBe(knockers.length);
      expect(score.value).toBe(value);
      // The payments follow the card points; the three piles count 70 minus what the blind would count.
      const points = score.raeuberPoints as number[];
      expect(points.reduce((a, b) => a + b, 0)).toBe(70 - countPile(score.blind));
      expect(score.payments).toEqual(
        raeuberPayments(
          points.map((p, seat) => (before.active.includes(seat) ? p : null)),
          value,
        ),
      );
      expect(score.net.reduce((a, b) => a + b, 0)).toBe(0);
      const most = Math.max(...points);
      const losers = points.flatMap((p, seat) => (p === most && before.active.includes(seat) ? [seat] : []));
      if (losers.length === 1) expect(score.net[losers[0] as Seat]).toBe(-value * (seats - 1));
      // No hand bonuses and no Pfeife bonus in Räuber.
      expect(score.payments.every((p) => p.reason === 'raeuber')).toBe(true);
      expect(score.blind.every((c) => CEGO_54.includes(c))).toBe(true);
    }
  });

  it('uses the table option for the raised value (6 here) and halves it for two tied losers', () => {
    const options = { ...DEFAULT_DREIERLES_OPTIONS, lastRoundRaeuberOrSolo: true, raisedRaeuberValue: 6 };
    const { score } = raeuberThroughEngine(options, 3, 'raised-6', []);
    expect(score.value).toBe(6);
    expect(raeuberPayments([30, 30, 10], score.value).map((p) => p.points)).toEqual([3, 3]);
  });

  it('plays Räuber at the normal value 2 outside the last round', () => {
    const options = { ...DEFAULT_DREIERLES_OPTIONS, rounds: 2, lastRoundRaeuberOrSolo: true };
    const { before, score } = raeuberThroughEngine(options, 3, 'first-round', []);
    expect(before.dealNo).toBe(0);
    expect(score.value).toBe(2);
  });
});

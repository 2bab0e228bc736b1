/**
 * Records of finished games (src/games/<game>/records.ts through `toRecord`): for whole seeded games of every game the
 * measures equal the engine's result, ranks follow the game's order, and the counts agree with an independent
 * count from the deals and the engine's events; plus hand-checked cases from the rules digests
 * (docs/rules/reunion.md, dreierles.md, romme.md).
 */
import { describe, expect, it } from 'vitest';
import { CONTRACTS, type DealScore as DreierlesDeal, type DreierlesResult, type Payment } from '../../src/games/dreierles/index.ts';
import type { DealScore as ReunionDeal, ReunionResult, ReunionState } from '../../src/games/reunion/index.ts';
import type { DealScore as RommeDeal, RommeResult } from '../../src/games/romme/index.ts';
import { defaultOptions, gameById, type TableGame } from '../../src/tables/games.ts';
import type { GameId } from '../../src/tables/games.ts';
import { toRecord } from '../../src/records/book.ts';
import { RECORD_RULES } from '../../src/records/rules.ts';
import { reunionCounts } from '../../src/games/reunion/records.ts';
import type { GameRecord } from '../../src/records/types.ts';
import type { FinishedGame } from '../../src/tables/types.ts';
import { NAMES, playFinished, type Played } from './played.ts';

const SEEDS = 30;
const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
const count = (record: GameRecord, key: string): number => sum(record.outcomes.map((o) => o.counts[key] ?? 0));

/** Ranks are consistent with a "higher is better" figure per seat: more → better rank, equal → same rank, best → 1. */
function expectRanksFollow(record: GameRecord, figure: readonly number[]): void {
  const ranks = record.outcomes.map((o) => o.rank);
  figure.forEach((a, i) =>
    figure.forEach((b, j) => {
      if (a > b) expect(ranks[i]).toBeLessThan(ranks[j] as number);
      if (a === b) expect(ranks[i]).toBe(ranks[j]);
    }),
  );
  figure.forEach((a, i) => expect(ranks[i]).toBe(1 + figure.filter((b) => b > a).length));
  record.outcomes.forEach((o) => expect(o.win).toBe(o.rank === 1));
}

/** Every count is a whole number of at least zero. */
function expectWholeCounts(record: GameRecord): void {
  for (const o of record.outcomes) for (const v of Object.values(o.counts)) expect(Number.isInteger(v) && v >= 0).toBe(true);
}

const recordOf = (p: Played): GameRecord => toRecord(p.finished, 'UTC');

/** A hand-made finished game of three people with `result` and no moves (Réunion then has no deals to replay). */
const handMade = (game: GameId, result: unknown): FinishedGame => ({
  id: 'handmade',
  guildId: '900000000000000001',
  channelId: '900000000000000002',
  game,
  options: defaultOptions(gameById(game) as TableGame),
  seats: NAMES.slice(0, 3).map((name, i) => ({ userId: `10000000000000000${i}`, name })),
  startedAt: 0,
  finishedAt: 0,
  seed: 'handmade',
  moves: [],
  result,
});

describe('Réunion records', () => {
  const games = Array.from({ length: 2 * SEEDS }, (_, i) => playFinished('reunion', 3, `reunion-rec-${i}`, { piererTiers: i % 2 === 1 }));

  it('measure = net units, summing to zero; ranks by card-point totals; the winners win; deals = the final state’s deals', () => {
    for (const p of games) {
      const record = recordOf(p);
      const result = p.finished.result as ReunionResult;
      expect(record.outcomes.map((o) => o.measure)).toEqual(result.net);
      expect(sum(record.outcomes.map((o) => o.measure))).toBe(0);
      expectRanksFollow(record, result.totals);
      expect(record.outcomes.flatMap((o, s) => (o.win ? [s] : []))).toEqual(result.winners);
      expect(record.deals).toEqual((p.final as ReunionState).deals);
      expect(record.deals).toHaveLength(3);
      expect(record.outcomes.map((o) => o.name)).toEqual(['Anna', 'Bernd', 'Carl']);
      expect(record.outcomes.map((o) => [o.playerId, o.bot])).toEqual([
        ['100000000000000000', false],
        ['bot:easy', true],
        ['100000000000000002', false],
      ]);
      expectWholeCounts(record);
    }
  });

  it('counts agree with the engine’s events and the score sheet', () => {
    let captures = 0;
    let stangen = 0;
    for (const p of games) {
      const record = recordOf(p);
      const deals = record.deals as ReunionDeal[];
      const bowerEvents = p.events.filter((e) => e.type === 'bowerCaptured') as unknown as { from: number; to: number }[];
      expect(count(record, 'bowersCaptured')).toBe(bowerEvents.length);
      expect(count(record, 'bowersLost')).toBe(bowerEvents.length);
      record.outcomes.forEach((o, seat) => {
        expect(o.counts.bowersCaptured).toBe(bowerEvents.filter((e) => e.to === seat).length);
        expect(o.counts.bowersLost).toBe(bowerEvents.filter((e) => e.from === seat).length);
        expect(o.counts.stangen).toBe(deals.filter((d) => d.tricks[seat] === 0 && d.cardPoints[seat] === 0).length);
        expect(o.counts.deals).toBe(3);
      });
      captures += bowerEvents.length;
      stangen += count(record, 'stangen');
    }
    // The seeds include both, so the counts above were exercised.
    expect(captures).toBeGreaterThan(0);
    expect(stangen).toBeGreaterThan(0);
  });

  it('hand-checked counts: a bower capture each way, a Stange "/" and a trickless dealer’s underlined score (§ Side payments)', () => {
    const deal = (dealNo: number, marks: ReunionDeal['marks'], sidePayments: ReunionDeal['sidePayments']): ReunionDeal => ({
      dealNo,
      dealer: dealNo,
      trump: '♥',
      turnUp: '9♥',
      cardPoints: [0, 0, 0],
      tricks: [0, 0, 0],
      discardPoints: 0,
      marks,
      sidePayments,
    });
    const deals = [
      deal(
        0,
        ['plain', 'slash', 'plain'],
        [
          { from: 1, to: 0, units: 1, reason: 'bower' },
          { from: 1, to: 0, units: 1, reason: 'noTrick' },
          { from: 1, to: 2, units: 1, reason: 'noTrick' },
        ],
      ),
      deal(1, ['plain', 'underlined', 'plain'], [{ from: 0, to: 2, units: 1, reason: 'bower' }]),
      deal(2, ['plain', 'slash', 'plain'], []),
    ];
    expect([0, 1, 2].map((seat) => reunionCounts(deals, seat))).toEqual([
      { bowersCaptured: 1, bowersLost: 1, stangen: 0, deals: 3 },
      { bowersCaptured: 0, bowersLost: 1, stangen: 2, deals: 3 },
      { bowersCaptured: 1, bowersLost: 0, stangen: 0, deals: 3 },
    ]);
  });

  it('hand-checked ranks: a tie for the highest total shares the win (§ Game and settlement, Decision)', () => {
    // Totals 180 / 180 / 90: Carl (under 100, matsch) pays 2 units to each winner. No moves, so no deals.
    const result: ReunionResult = {
      totals: [180, 180, 90],
      winners: [0, 1],
      settlement: [],
      sideUnits: [0, 0, 0],
      settlementUnits: [2, 2, -4],
      net: [2, 2, -4],
    };
    const { deals, outcomes } = RECORD_RULES.reunion.summarize(handMade('reunion', result));
    expect(deals).toEqual([]);
    expect(outcomes.map((o) => [o.measure, o.rank, o.win])).toEqual([
      [2, 1, true],
      [2, 1, true],
      [-4, 3, false],
    ]);
  });
});

describe('Dreierles records', () => {
  const games = Array.from({ length: SEEDS }, (_, i) => {
    const seats = i % 2 ? 4 : 3;
    return playFinished('dreierles', seats, `dreierles-rec-${i}`, { rounds: 1 + (i % 3 === 0 ? 1 : 0), lastRoundRaeuberOrSolo: i % 3 !== 2 });
  });

  it('measure = net game points, summing to zero; ranks by game points; deals = the result’s deals', () => {
    for (const p of games) {
      const record = recordOf(p);
      const result = p.finished.result as DreierlesResult;
      expect(record.outcomes.map((o) => o.measure)).toEqual(result.totals);
      expect(sum(record.outcomes.map((o) => o.measure))).toBe(0);
      expectRanksFollow(record, result.totals);
      expect(record.deals).toEqual(result.deals);
      expectWholeCounts(record);
    }
  });

  it('counts agree with the deals: contracts declared and won, Pfeife bonuses, Räuber deals played and paid', () => {
    let raeuber = 0;
    let pfeifen = 0;
    let fourSeatGames = 0;
    for (const p of games) {
      const record = recordOf(p);
      const deals = record.deals as DreierlesDeal[];
      const seats = record.outcomes.length;
      const declared = deals.filter((d) => d.declarer !== null);
      const raeuberDeals = deals.filter((d) => d.contract === null);
      expect(sum(CONTRACTS.map((c) => count(record, `played:${c}`)))).toBe(declared.length);
      expect(sum(CONTRACTS.map((c) => count(record, `won:${c}`)))).toBe(declared.filter((d) => d.won).length);
      for (const c of CONTRACTS) expect(count(record, `played:${c}`)).toBe(deals.filter((d) => d.contract === c).length);
      // Three players play each Räuber deal; the payers are the ones with the most card points.
      expect(count(record, 'raeuber')).toBe(3 * raeuberDeals.length);
      const payers = raeuberDeals.map((d) => new Set(d.payments.filter((x) => x.reason === 'raeuber').map((x) => x.from)).size);
      expect(count(record, 'raeuberLost')).toBe(sum(payers));
      const wonPfeife = declared.filter((d) => d.payments.some((x) => (x.reason === 'pfeife' || x.reason === 'pfeifeRaus') && x.to === d.declarer));
      expect(count(record, 'pfeifen')).toBe(wonPfeife.length);
      // Every seat is dealt cards in every deal with three players; with four the dealer sits out.
      expect(count(record, 'deals')).toBe(3 * deals.length);
      if (seats === 3) record.outcomes.forEach((o) => expect(o.counts.deals).toBe(deals.length));
      else {
        fourSeatGames++;
        record.outcomes.forEach((o, seat) => expect(o.counts.deals).toBe(deals.filter((d) => d.dealer !== seat).length));
      }
      raeuber += raeuberDeals.length;
      pfeifen += wonPfeife.length;
    }
    expect(raeuber).toBeGreaterThan(0);
    expect(pfeifen).toBeGreaterThan(0);
    expect(fourSeatGames).toBeGreaterThan(0);
  });

  it('hand-checked: the digest’s worked example, Räuber deals (one loser, a three-way tie) and a Dreier with the Pfeife won (§ Scoring, § Räuber)', () => {
    const pay = (from: number, to: number, points: number, reason: Payment['reason']): Payment => ({ from, to, points, reason });
    const deal = (dealNo: number, d: Partial<DreierlesDeal> & Pick<DreierlesDeal, 'payments' | 'net'>): DreierlesDeal => ({
      dealNo,
      dealer: (dealNo + 2) % 3,
      contract: null,
      declarer: null,
      knocks: 0,
      declarerPoints: null,
      defenderPoints: null,
      raeuberPoints: null,
      won: null,
      value: 0,
      blind: [],
      ...d,
    });
    const deals = [
      // Anna plays Einer, 43 card points: +6 from each; Ten Trumps announced +1 from each; Pfeife raus lost −2 to
      // each; Bernd holds Four Kings +1 from each. Net +9 / −3 / −6 game points (the digest's +90¢ / −30¢ / −60¢).
      deal(0, {
        contract: 'einer',
        declarer: 0,
        declarerPoints: 43,
        defenderPoints: 27,
        won: true,
        value: 6,
        payments: [
          pay(1, 0, 6, 'contract'),
          pay(2, 0, 6, 'contract'),
          pay(1, 0, 1, 'zehnDruck'),
          pay(2, 0, 1, 'zehnDruck'),
          pay(0, 1, 1, 'vierKoenige'),
          pay(2, 1, 1, 'vierKoenige'),
          pay(0, 1, 2, 'pfeifeRaus'),
          pay(0, 2, 2, 'pfeifeRaus'),
        ],
        net: [9, -3, -6],
      }),
      // Räuber, Anna has the most card points (30 / 25 / 15): she pays 2 to each.
      deal(1, { raeuberPoints: [30, 25, 15], value: 2, payments: [pay(0, 1, 2, 'raeuber'), pay(0, 2, 2, 'raeuber')], net: [-4, 2, 2] }),
      // Bernd plays Dreier, 40 card points: +2 from each, wins the last trick with the Pfeife: +1 from each.
      deal(2, {
        contract: 'dreier',
        declarer: 1,
        declarerPoints: 40,
        defenderPoints: 30,
        won: true,
        value: 2,
        payments: [pay(0, 1, 2, 'contract'), pay(2, 1, 2, 'contract'), pay(0, 1, 1, 'pfeife'), pay(2, 1, 1, 'pfeife')],
        net: [-3, 6, -3],
      }),
      // Räuber, all three tied for most (the blind counts for no one): nothing is paid at three players.
      deal(3, { raeuberPoints: [20, 20, 20], value: 2, payments: [], net: [0, 0, 0] }),
    ];
    const result: DreierlesResult = { totals: [2, 5, -7], deals, tariff: 10 };
    const { outcomes } = RECORD_RULES.dreierles.summarize(handMade('dreierles', result));
    expect(outcomes.map((o) => [o.measure, o.rank, o.win])).toEqual([
      [2, 2, false],
      [5, 1, true],
      [-7, 3, false],
    ]);
    const zero = Object.fromEntries(
      CONTRACTS.flatMap((c) => [
        [`played:${c}`, 0],
        [`won:${c}`, 0],
      ]),
    );
    expect(outcomes.map((o) => o.counts)).toEqual([
      { ...zero, 'played:einer': 1, 'won:einer': 1, pfeifen: 0, raeuber: 2, raeuberLost: 1, deals: 4 },
      { ...zero, 'played:dreier': 1, 'won:dreier': 1, pfeifen: 1, raeuber: 2, raeuberLost: 0, deals: 4 },
      { ...zero, pfeifen: 0, raeuber: 2, raeuberLost: 0, deals: 4 },
    ]);
  });
});

describe('Rommé records', () => {
  const games = Array.from({ length: SEEDS }, (_, i) =>
    playFinished('romme', 2 + (i % 5), `romme-rec-${i}`, { handRomme: i % 2 === 0, deals: 1 + (i % 3) }),
  );

  it('measure = minus the penalty total; ranks = the result’s ranks (lowest total first); deals = the result’s deals', () => {
    for (const p of games) {
      const record = recordOf(p);
      const result = p.finished.result as RommeResult;
      expect(record.outcomes.map((o) => o.measure)).toEqual(result.totals.map((t) => 0 - t));
      expect(record.outcomes.map((o) => o.rank)).toEqual(result.ranks);
      expectRanksFollow(
        record,
        result.totals.map((t) => -t),
      );
      expect(record.deals).toEqual(result.deals);
      expectWholeCounts(record);
    }
  });

  it('counts agree with the deals and the engine’s events', () => {
    let wentOut = 0;
    for (const p of games) {
      const record = recordOf(p);
      const result = p.finished.result as RommeResult;
      const outs = p.events.filter((e) => e.type === 'wentOut') as unknown as { seat: number; handRomme: boolean }[];
      record.outcomes.forEach((o, seat) => {
        expect(o.counts.deals).toBe(result.deals.length);
        expect(o.counts.penalty).toBe(result.totals[seat]);
        expect(o.counts.dealsWon).toBe(outs.filter((e) => e.seat === seat).length);
        expect(o.counts.handRomme).toBe(outs.filter((e) => e.seat === seat && e.handRomme).length);
      });
      expect(count(record, 'dealsWon')).toBe(result.deals.filter((d) => d.winner !== null).length);
      wentOut += outs.length;
    }
    expect(wentOut).toBeGreaterThan(0);
  });

  it('hand-checked: a Hand-Rommé deal and a deal without a winner (§ Going out, § Game, worked values)', () => {
    const deals: RommeDeal[] = [
      // Anna goes out by Hand-Rommé; Bernd keeps A K Joker 7 = 58, doubled 116; Carl keeps a 10 and a Q, 20, doubled 40.
      { dealNo: 0, dealer: 0, winner: 0, handRomme: true, penalties: [0, 116, 40] },
      // The stock ran out twice: everyone scores their hand.
      { dealNo: 1, dealer: 1, winner: null, handRomme: false, penalties: [10, 5, 7] },
    ];
    const result: RommeResult = { totals: [10, 121, 47], ranks: [1, 3, 2], deals };
    const { outcomes } = RECORD_RULES.romme.summarize(handMade('romme', result));
    expect(outcomes.map((o) => [o.measure, o.rank, o.win])).toEqual([
      [-10, 1, true],
      [-121, 3, false],
      [-47, 2, false],
    ]);
    expect(outcomes.map((o) => o.counts)).toEqual([
      { handRomme: 1, dealsWon: 1, deals: 2, penalty: 10 },
      { handRomme: 0, dealsWon: 0, deals: 2, penalty: 121 },
      { handRomme: 0, dealsWon: 0, deals: 2, penalty: 47 },
    ]);
  });

  it('a winner without penalty points has measure 0, not −0, and equal totals share a rank', () => {
    const deals: RommeDeal[] = [{ dealNo: 0, dealer: 0, winner: 0, handRomme: false, penalties: [0, 12, 12] }];
    const { outcomes } = RECORD_RULES.romme.summarize(handMade('romme', { totals: [0, 12, 12], ranks: [1, 2, 2], deals }));
    expect(Object.is(outcomes[0]?.measure, 0)).toBe(true);
    expect(outcomes.map((o) => o.rank)).toEqual([1, 2, 2]);
  });
});

describe('default scoreboard order', () => {
  it('net for Réunion and Dreierles, wins for Rommé', () => {
    expect([RECORD_RULES.reunion.defaultSort, RECORD_RULES.dreierles.defaultSort, RECORD_RULES.romme.defaultSort]).toEqual(['net', 'net', 'wins']);
    expect([RECORD_RULES.reunion.game, RECORD_RULES.dreierles.game, RECORD_RULES.romme.game]).toEqual(['reunion', 'dreierles', 'romme']);
  });
});

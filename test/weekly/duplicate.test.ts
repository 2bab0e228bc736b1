/**
 * Duplicate nights, pure parts: seating (src/weekly/duplicate-seating.ts) for 1 to 6 tables of every game, and
 * duplicate scores (src/weekly/duplicate.ts, the games' deal measures in src/games/<game>/duplicate.ts) from small
 * cases computed by hand.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord, SeatOutcome } from '../../src/records/types.ts';
import { GAME_IDS } from '../../src/tables/games.ts';
import { duplicateTableSize, seatDuplicate } from '../../src/weekly/duplicate-seating.ts';
import { duplicateScores } from '../../src/weekly/duplicate.ts';
import { nightStandings } from '../../src/weekly/standings.ts';

const people = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);
/** The scoreboard player at a seat: the person, or the computer (every strong computer player is one entry). */
const holder = (seat: string | null) => seat ?? 'bot:strong';

describe('duplicate seating', () => {
  it('spreads seven Réunion players over three tables and rotates the computer seats', () => {
    expect(seatDuplicate('reunion', people(7))).toEqual([
      ['p1', 'p2', 'p3'],
      [null, 'p4', 'p5'],
      ['p6', null, 'p7'],
    ]);
  });

  it('gives Rommé one table size per night', () => {
    expect(duplicateTableSize({ kind: 'even', min: 2, max: 6 }, 7)).toBe(4);
    expect(seatDuplicate('romme', people(7))).toEqual([
      ['p1', 'p2', 'p3', 'p4'],
      [null, 'p5', 'p6', 'p7'],
    ]);
    expect(seatDuplicate('romme', people(1))).toEqual([[null, 'p1']]);
    expect(seatDuplicate('romme', [])).toEqual([]);
  });

  for (const game of GAME_IDS)
    it(`${game}: 1–6 tables of one size; everyone once in sign-up order; each seat's cards held by a different player at every table`, () => {
      const seen = new Set<number>();
      for (let n = 1; n <= 36; n++) {
        const tables = seatDuplicate(game, people(n));
        if (tables.length > 6) break;
        seen.add(tables.length);
        const size = tables[0]!.length;
        expect(tables.every((t) => t.length === size)).toBe(true);
        expect(tables.flat().filter((s) => s !== null)).toEqual(people(n));
        const counts = tables.map((t) => t.filter((s) => s !== null).length);
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
        // Fewer computer seats than seats at a table (as few tables as the size allows), so the rotation keeps them apart.
        expect(tables.flat().filter((s) => s === null).length).toBeLessThan(size);
        for (let seat = 0; seat < size; seat++) {
          const holders = tables.map((t) => holder(t[seat] as string | null));
          expect(new Set(holders).size, `${game}, ${n} players, seat ${seat}`).toBe(tables.length);
        }
      }
      expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    });
});

/** A minimal record of `game`: its seats' player ids and the engine's per-deal scores. */
function record(game: GameRecord['game'], players: string[], deals: unknown[]): Pick<GameRecord, 'game' | 'deals' | 'seats' | 'outcomes'> {
  return {
    game,
    deals,
    seats: players.map((p) => ({ userId: p, name: p })),
    outcomes: players.map((p): SeatOutcome => ({ playerId: p, name: p, bot: p.startsWith('bot:'), measure: 0, rank: 1, win: false, counts: {} })),
  };
}

describe('duplicate scores', () => {
  it('Réunion: card points against the average of the same seat at every table, summed over the deals', () => {
    const a = record(
      'reunion',
      ['a0', 'a1', 'a2'],
      [
        { active: [0, 1, 2], cardPoints: [60, 50, 40] },
        { active: [0, 1, 2], cardPoints: [20, 100, 30] },
      ],
    );
    const b = record(
      'reunion',
      ['b0', 'b1', 'b2'],
      [
        { active: [0, 1, 2], cardPoints: [80, 30, 40] },
        { active: [0, 1, 2], cardPoints: [20, 70, 60] },
      ],
    );
    // Deal 1 averages 70, 40, 40; deal 2 averages 20, 85, 45.
    expect(Object.fromEntries(duplicateScores([a, b]))).toEqual({ a0: -10, a1: 25, a2: -15, b0: 10, b1: -25, b2: 15 });
  });

  it('Réunion with four players: a seat sitting a deal out is not compared in it', () => {
    const a = record('reunion', ['a0', 'a1', 'a2', 'a3'], [{ active: [1, 2, 3], cardPoints: [0, 50, 40, 60] }]);
    const b = record('reunion', ['b0', 'b1', 'b2', 'b3'], [{ active: [1, 2, 3], cardPoints: [0, 70, 40, 40] }]);
    expect(Object.fromEntries(duplicateScores([a, b]))).toEqual({ a0: 0, a1: -10, a2: 0, a3: 10, b0: 0, b1: 10, b2: 0, b3: -10 });
  });

  it('Dreierles: net game points of each deal', () => {
    const a = record('dreierles', ['a0', 'a1', 'a2'], [{ dealer: 0, net: [-8, 4, 4] }]);
    const b = record('dreierles', ['b0', 'b1', 'b2'], [{ dealer: 0, net: [16, -8, -8] }]);
    expect(Object.fromEntries(duplicateScores([a, b]))).toEqual({ a0: -12, a1: 6, a2: 6, b0: 12, b1: -6, b2: -6 });
  });

  it('Rommé: minus penalty points, in thirds over three tables; the standings round to the hundredth and rank by it', () => {
    const a = record('romme', ['a0', 'a1'], [{ penalties: [0, 30] }]);
    const b = record('romme', ['b0', 'b1'], [{ penalties: [0, 60] }]);
    const c = record('romme', ['c0', 'c1'], [{ penalties: [10, 0] }]);
    // Seat 0: −0, −0, −10 → average −10/3; seat 1: −30, −60, −0 → average −30.
    const scores = duplicateScores([a, b, c]);
    expect(scores.get('a0')).toBeCloseTo(10 / 3);
    expect(scores.get('c0')).toBeCloseTo(-20 / 3);
    expect(scores.get('c1')).toBe(30);
    const rows = nightStandings([a, b, c], true);
    expect(rows.map((r) => [r.playerId, r.duplicate])).toEqual([
      ['c1', 30],
      ['a0', 3.33],
      ['b0', 3.33],
      ['a1', 0],
      ['c0', -6.67],
      ['b1', -30],
    ]);
  });

  it('counts a computer level at two tables once, with both seats; one table or a plain night has no duplicate score', () => {
    const a = record('dreierles', ['a0', 'a1', 'bot:strong'], [{ dealer: 0, net: [2, 2, -4] }]);
    const b = record('dreierles', ['bot:strong', 'b1', 'b2'], [{ dealer: 0, net: [4, -2, -2] }]);
    // Seat 0: 2 vs 4 (avg 3); seat 1: 2 vs −2 (avg 0); seat 2: −4 vs −2 (avg −3).
    expect(duplicateScores([a, b]).get('bot:strong')).toBe(-1 + 1);
    expect(Object.fromEntries(duplicateScores([a, b]))).toMatchObject({ a0: -1, a1: 2, b1: -2, b2: 1 });
    expect(nightStandings([a], true).every((r) => r.duplicate === undefined)).toBe(true);
    expect(nightStandings([a, b], false).every((r) => r.duplicate === undefined)).toBe(true);
  });
});

/**
 * Seating a night's sign-ups (src/weekly/seating.ts) and adding up its standings (src/weekly/standings.ts).
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord, SeatOutcome } from '../../src/records/types.ts';
import { seatPlayers } from '../../src/weekly/seating.ts';
import { nightIdOf, nightStandings, occurrenceOf } from '../../src/weekly/standings.ts';

const people = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);
const shape = (groups: { players: string[]; bots: number }[]) => groups.map((g) => [g.players.length, g.bots]);

describe('seating', () => {
  it('seats three Réunion players at one table', () => {
    expect(seatPlayers('reunion', people(3))).toEqual([{ players: ['p1', 'p2', 'p3'], bots: 0 }]);
  });

  it('opens a second Réunion table for the fourth player, computer players filling it', () => {
    expect(seatPlayers('reunion', people(4))).toEqual([
      { players: ['p1', 'p2', 'p3'], bots: 0 },
      { players: ['p4'], bots: 2 },
    ]);
  });

  it('seats Dreierles in threes too', () => {
    expect(shape(seatPlayers('dreierles', people(5)))).toEqual([
      [3, 0],
      [2, 1],
    ]);
    expect(shape(seatPlayers('dreierles', people(6)))).toEqual([
      [3, 0],
      [3, 0],
    ]);
  });

  it('splits Rommé evenly into tables of at most six', () => {
    expect(shape(seatPlayers('romme', people(7)))).toEqual([
      [4, 0],
      [3, 0],
    ]);
    expect(shape(seatPlayers('romme', people(6)))).toEqual([[6, 0]]);
    expect(shape(seatPlayers('romme', people(13)))).toEqual([
      [5, 0],
      [4, 0],
      [4, 0],
    ]);
    expect(shape(seatPlayers('romme', people(2)))).toEqual([[2, 0]]);
  });

  it('gives a lone Rommé player one computer opponent', () => {
    expect(seatPlayers('romme', people(1))).toEqual([{ players: ['p1'], bots: 1 }]);
  });

  it('opens no table without players and seats everyone once, in sign-up order', () => {
    expect(seatPlayers('reunion', [])).toEqual([]);
    for (const game of ['reunion', 'dreierles', 'romme'] as const)
      for (let n = 1; n <= 20; n++) expect(seatPlayers(game, people(n)).flatMap((g) => g.players)).toEqual(people(n));
  });
});

describe('night standings', () => {
  const outcome = (playerId: string, measure: number, win: boolean): SeatOutcome => ({
    playerId,
    name: playerId,
    bot: playerId.startsWith('bot:'),
    measure,
    rank: win ? 1 : 2,
    win,
    counts: {},
  });
  const record = (...outcomes: SeatOutcome[]) => ({ outcomes }) as unknown as GameRecord;

  it('adds up each player over the night, best total first (ties: more wins, fewer games)', () => {
    const rows = nightStandings([
      record(outcome('anna', 2, true), outcome('bernd', -1, false), outcome('bot:strong', -1, false)),
      record(outcome('clara', 3, true), outcome('dora', -3, false), outcome('bot:strong', 0, false)),
      record(outcome('anna', -1, false), outcome('bernd', 2, true), outcome('clara', -1, false)),
    ]);
    expect(rows.map((r) => [r.playerId, r.total, r.wins, r.games])).toEqual([
      ['clara', 2, 1, 2],
      ['anna', 1, 1, 2],
      ['bernd', 1, 1, 2],
      ['bot:strong', -1, 0, 2],
      ['dora', -3, 0, 1],
    ]);
    expect(rows.find((r) => r.playerId === 'bot:strong')?.bot).toBe(true);
  });

  it('reads the occurrence back from a night id', () => {
    expect(nightIdOf('123', '2026-10-31')).toBe('123:2026-10-31');
    expect(occurrenceOf('123:2026-10-31', '123')).toBe('2026-10-31');
    expect(occurrenceOf('456:2026-10-31', '123')).toBeNull();
  });
});

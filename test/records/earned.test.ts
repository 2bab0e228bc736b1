/**
 * Results that were earned (docs/playing.md § Results that were earned): a person's seat the computer played mostly
 * counts for them as last place, so a player who lets the computer play never tops a board by its play.
 */
import { describe, expect, it } from 'vitest';
import { RecordBook, toRecord } from '../../src/records/book.ts';
import { playedByComputer, seatShares } from '../../src/records/earned.ts';
import { Locks } from '../../src/store/lock.ts';
import { MemoryLedger } from '../../src/store/records/memory.ts';
import { MemoryRecordRows } from '../../src/store/records/rows.ts';
import type { BoardSort } from '../../src/records/types.ts';
import type { FinishedGame } from '../../src/tables/types.ts';
import { playFinished } from './played.ts';

/** Mark every move of `seat` after its first `own` as made by the computer (the person went away), seat shown away. */
function awayAfter(finished: FinishedGame, seat: number, own: number): FinishedGame {
  let n = 0;
  const moves = finished.moves.map((m) => (m.seat === seat && n++ >= own ? { ...m, by: 'computer' as const } : m));
  const seats = finished.seats.map((s, i) => (i === seat ? { ...s, away: true } : s));
  return { ...finished, moves, seats };
}

/** Réunion games (3 seats: 0 and 2 people, 1 a computer) whose seat 0 won, by seed. */
function gamesSeat0Won(count: number): FinishedGame[] {
  const won: FinishedGame[] = [];
  for (let i = 0; won.length < count; i++) {
    const { finished } = playFinished('reunion', 3, `earned-${i}`);
    if (toRecord(finished, 'UTC').outcomes[0]?.win) won.push({ ...finished, id: `e${i}`, finishedAt: finished.finishedAt + i });
    if (i > 200) throw new Error('no seed where seat 0 wins');
  }
  return won;
}

describe('seat shares', () => {
  it('counts own moves: not by the computer, and for a seat taken over only those before the takeover', () => {
    const shares = seatShares({
      seats: [{ startedBy: { userId: 'a', name: 'A', at: 3 } }, {}],
      moves: [
        { seat: 0, move: {} },
        { seat: 1, move: {}, by: 'computer' },
        { seat: 0, move: {}, by: 'computer' },
        { seat: 0, move: {} }, // after the takeover: the taker's move, not the starter's
        { seat: 1, move: {} },
      ],
    });
    expect(shares).toEqual([
      { own: 1, moves: 3 },
      { own: 1, moves: 2 },
    ]);
    expect(playedByComputer({}, shares[0]!)).toBe(true);
    // Exactly half is earned; a computer player's own seat never counts as played for someone.
    expect(playedByComputer({}, shares[1]!)).toBe(false);
    expect(playedByComputer({ bot: 'easy' }, { own: 0, moves: 9 })).toBe(false);
  });
});

describe('a seat played mostly by the computer', () => {
  it('counts for its person as last place: no win, below every seat, the worst measure; the record keeps what it scored', () => {
    const [game] = gamesSeat0Won(1);
    const honest = toRecord(game!, 'UTC');
    const record = toRecord(awayAfter(game!, 0, 2), 'UTC');
    const erin = record.outcomes[0]!;
    const worst = Math.min(...honest.outcomes.map((o) => o.measure));
    expect(honest.outcomes[0]).toMatchObject({ win: true, rank: 1 });
    expect(erin).toMatchObject({ win: false, rank: 4, measure: worst });
    const moves = game!.moves.filter((m) => m.seat === 0).length;
    expect(erin.byComputer).toEqual({ own: 2, moves, measure: honest.outcomes[0]!.measure, rank: 1 });
    // The other seats are as the game had them.
    expect(record.outcomes.slice(1)).toEqual(honest.outcomes.slice(1));
  });

  it('a person who made half of the seat moves keeps the result', () => {
    const [game] = gamesSeat0Won(1);
    const half = Math.ceil(game!.moves.filter((m) => m.seat === 0).length / 2);
    const outcome = toRecord(awayAfter(game!, 0, half), 'UTC').outcomes[0]!;
    expect(outcome).toMatchObject({ win: true, rank: 1 });
    expect(outcome.byComputer).toBeUndefined();
  });

  it('the away player never tops a board by the computer’s play (net, wins, rating), though the computer won every game', async () => {
    const games = gamesSeat0Won(4);
    const boards = async (away: boolean) => {
      const ledger = new MemoryLedger(new MemoryRecordRows(), new Locks(null));
      const book = new RecordBook(ledger, async () => 'UTC');
      for (const g of games) await book.append(away ? awayAfter(g, 0, 1) : g);
      const sorts: BoardSort[] = ['net', 'wins', 'rating'];
      const guildId = games[0]!.guildId;
      return Promise.all(
        sorts.map(
          async (sort) => (await ledger.board({ guildId, game: 'reunion', periodId: 'all', includeBots: false, sort, offset: 0, limit: 10 })).rows,
        ),
      );
    };
    const erin = games[0]!.seats[0]!.userId;
    // Played by Erin herself, those games put her on top of every board …
    for (const rows of await boards(false)) expect(rows[0]?.playerId).toBe(erin);
    // … played by the computer for her, on none: no wins, the worst rating, a net no better than the other person's
    const [net, wins, rating] = await boards(true);
    const row = (rows: typeof net) => rows!.find((r) => r.playerId === erin)!;
    const other = (rows: typeof net) => rows!.find((r) => r.playerId !== erin)!;
    // (Bob lost those games too: nobody is ahead on wins, and a tie at 0 is ordered by id, not by play.)
    expect(row(wins).wins).toBe(0);
    expect(row(wins).wins).toBeLessThanOrEqual(other(wins).wins);
    expect(rating![0]!.playerId).not.toBe(erin);
    expect(row(rating).rating).toBeLessThan(other(rating).rating);
    expect(row(net).net).toBeLessThanOrEqual(other(net).net);
    expect(row(net).net).toBeLessThan(0);
  });
});

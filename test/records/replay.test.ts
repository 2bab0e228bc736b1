/**
 * Replay files (src/records/replay.ts) and the readable lines of a record (src/discord/render/deals.ts): every
 * seeded game of every game rebuilds its recorded result from its replay file after a JSON round trip; a tampered
 * file is refused, at the move that was changed; a malformed file is refused with a message saying what is wrong;
 * one line per deal naming every player, and one result line.
 */
import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/i18n/index.ts';
import { dealLines, resultLine } from '../../src/discord/render/deals.ts';
import { IllegalMoveError } from '../../src/games/types.ts';
import { toRecord } from '../../src/records/book.ts';
import { REPLAY_FORMAT, type ReplayFile, ReplayFileError, replayFile, replayResult } from '../../src/records/replay.ts';
import type { GameRecord } from '../../src/records/types.ts';
import { playFinished } from './played.ts';

const SEEDS = 30;

/** Seeded games of every game: Réunion; Dreierles with 3 and 4 seats (some with Räuber deals); Rommé with 2–6 seats. */
const records: GameRecord[] = [
  ...Array.from({ length: SEEDS }, (_, i) => playFinished('reunion', 3, `reunion-replay-${i}`, { piererTiers: i % 2 === 1 })),
  ...Array.from({ length: SEEDS }, (_, i) =>
    playFinished('dreierles', 3 + (i % 2), `dreierles-replay-${i}`, { lastRoundRaeuberOrSolo: i % 3 === 0 }),
  ),
  ...Array.from({ length: SEEDS }, (_, i) => playFinished('romme', 2 + (i % 5), `romme-replay-${i}`, { handRomme: i % 2 === 0, deals: 1 + (i % 2) })),
].map((p) => toRecord(p.finished, 'UTC'));

const byGame = (game: GameRecord['game']): GameRecord[] => records.filter((r) => r.game === game);

/** The replay file as a reader gets it: written to JSON and parsed back. */
const roundTrip = (record: GameRecord): ReplayFile => JSON.parse(JSON.stringify(replayFile(record))) as ReplayFile;

/** What replaying `file` does: the result, or the error's class and message. */
function attempt(file: unknown): { result: unknown } | { error: string; message: string } {
  try {
    return { result: replayResult(file) };
  } catch (e) {
    return { error: (e as Error).name, message: (e as Error).message };
  }
}

describe('replay files', () => {
  it('every game rebuilds its recorded result from the file after a JSON round trip', () => {
    for (const record of records) expect(replayResult(roundTrip(record))).toEqual(record.result);
    expect(new Set(records.map((r) => r.game))).toEqual(new Set(['reunion', 'dreierles', 'romme']));
  });

  it('carries the documented fields: format, names and computer levels in seat order, ISO times in UTC — no Discord ids', () => {
    const record = byGame('reunion')[0] as GameRecord;
    const file = roundTrip(record);
    expect(Object.keys(file).sort()).toEqual(['finishedAt', 'format', 'game', 'id', 'moves', 'options', 'players', 'result', 'seed', 'startedAt']);
    expect(file).toMatchObject({
      format: REPLAY_FORMAT,
      id: record.id,
      game: 'reunion',
      options: record.options,
      players: [
        { name: 'Anna', bot: null },
        { name: 'Bernd', bot: 'easy' },
        { name: 'Carl', bot: null },
      ],
      startedAt: '2026-11-30T19:00:00.000Z',
      finishedAt: '2026-11-30T20:15:30.120Z',
      seed: record.seed,
      moves: record.moves,
    });
    const text = JSON.stringify(file);
    for (const seat of record.seats) expect(text).not.toContain(seat.userId);
  });

  describe('a tampered file is refused at the move that was changed', () => {
    it.each(['reunion', 'dreierles', 'romme'] as const)('%s: the first move removed → the next one is refused as move 1', (game) => {
      for (const record of byGame(game)) {
        const file = roundTrip(record);
        file.moves.shift();
        const got = attempt(file);
        expect(got).toMatchObject({ error: 'IllegalMoveError', message: expect.stringMatching(/^Move 1 \(seat \d\): /) });
      }
    });

    it.each(['reunion', 'dreierles', 'romme'] as const)('%s: a card changed to one that is not in the pack → refused as that move', (game) => {
      for (const record of byGame(game)) {
        const file = roundTrip(record);
        // The last card played (Réunion, Dreierles) or discarded (Rommé) in the game.
        const i = file.moves.map((m) => (m.move as { type: string }).type === (game === 'romme' ? 'discard' : 'play')).lastIndexOf(true);
        const move = file.moves[i]?.move as { card: string };
        move.card = game === 'romme' ? '11♥/1' : 'X♥';
        expect(attempt(file)).toMatchObject({
          error: 'IllegalMoveError',
          message: expect.stringMatching(new RegExp(`^Move ${i + 1} \\(seat \\d\\): `)),
        });
      }
    });

    it.each(['reunion', 'dreierles', 'romme'] as const)('%s: a move given to another seat → refused as out of turn', (game) => {
      for (const record of byGame(game)) {
        const file = roundTrip(record);
        const m = file.moves[5] as ReplayFile['moves'][number];
        m.seat = (m.seat + 1) % file.players.length;
        expect(attempt(file)).toMatchObject({ error: 'IllegalMoveError', message: expect.stringMatching(/^Move 6 \(seat \d\): /) });
      }
    });

    it('the last move removed → "the moves end before the game is over"; a move added after the end → refused', () => {
      for (const record of records) {
        const short = roundTrip(record);
        short.moves.pop();
        expect(attempt(short)).toEqual({
          error: 'ReplayFileError',
          message: `The moves end before the game is over (${record.moves.length - 1} moves).`,
        });
        const long = roundTrip(record);
        long.moves.push(long.moves.at(-1) as ReplayFile['moves'][number]);
        expect(attempt(long)).toMatchObject({
          error: 'IllegalMoveError',
          message: expect.stringMatching(new RegExp(`^Move ${record.moves.length + 1} `)),
        });
      }
    });

    it('a changed seed deals other cards: the recorded moves are refused', () => {
      for (const record of records) expect(attempt({ ...roundTrip(record), seed: `${record.seed}x` })).toMatchObject({ error: 'IllegalMoveError' });
    });
  });

  describe('a malformed file is refused with a clear message', () => {
    const good = (): ReplayFile => roundTrip(byGame('reunion')[0] as GameRecord);
    const cases: [string, () => unknown, string | RegExp][] = [
      ['not an object', () => 'hello', /^Not a stammtisch-replay\/1 file: file: Invalid input: expected object/],
      ['null', () => null, /^Not a stammtisch-replay\/1 file: file: /],
      ['another format', () => ({ ...good(), format: 'stammtisch-replay/2' }), /^Not a stammtisch-replay\/1 file: format: /],
      ['an unknown game', () => ({ ...good(), game: 'skat' }), /^Not a stammtisch-replay\/1 file: game: /],
      ['moves missing', () => ({ ...good(), moves: undefined }), /^Not a stammtisch-replay\/1 file: moves: /],
      [
        'a move that is not an object',
        () => ({ ...good(), moves: [{ seat: 0, move: 'play' }] }),
        /^Not a stammtisch-replay\/1 file: moves\.0\.move: /,
      ],
      ['a fractional seat', () => ({ ...good(), moves: [{ seat: 0.5, move: {} }] }), /moves\.0\.seat: /],
      ['a bad time', () => ({ ...good(), startedAt: 'yesterday' }), /startedAt: /],
      ['a player without a name', () => ({ ...good(), players: [{ bot: null }, ...good().players.slice(1)] }), /players\.0\.name: /],
      ['an unknown computer level', () => ({ ...good(), players: [{ name: 'X', bot: 'godlike' }, ...good().players.slice(1)] }), /players\.0\.bot: /],
      ['two players for Réunion', () => ({ ...good(), players: good().players.slice(0, 2) }), 'Réunion is played by 3 to 5 players, not 2.'],
      ['an option Réunion does not have', () => ({ ...good(), options: { staubaus: true } }), 'Bad options: Réunion has no option "staubaus".'],
      ['an option of the wrong type', () => ({ ...good(), options: { piererTiers: 'yes' } }), /^Bad options: .* must be on or off\.$/],
      [
        'a seat that does not exist',
        () => ({ ...good(), moves: [{ seat: 3, move: { type: 'discard', cards: [] } }] }),
        'Move 1 (seat 4): there are only 3 players.',
      ],
    ];
    it.each(cases)('%s', (_, file, message) => {
      const got = attempt(file());
      expect(got).toMatchObject({ error: 'ReplayFileError' });
      expect((got as { message: string }).message).toMatch(message);
    });

    it('a move that is no move of the game is refused by the engine', () => {
      const file = { ...good(), moves: [{ seat: 0, move: { type: 'bid', contract: 'solo' } }] };
      expect(() => replayResult(file)).toThrow(IllegalMoveError);
      expect(() => replayResult(file)).toThrow(/^Move 1 \(seat 1\): /);
      expect(new ReplayFileError('x')).toBeInstanceOf(Error);
    });
  });
});

describe('deal lines and the result line', () => {
  it('one line per deal, each naming every player; the result line names every player once, best first', () => {
    for (const record of records) {
      const names = record.outcomes.map((o) => o.name);
      const lines = dealLines(ENGLISH, record);
      expect(lines).toHaveLength(record.deals.length);
      lines.forEach((line, i) => {
        expect(line.startsWith(`Deal ${i + 1}: `)).toBe(true);
        expect(line).not.toContain('\n');
        for (const name of names) expect(line).toContain(name);
      });
      const result = resultLine(ENGLISH, record);
      const order = record.outcomes.map((o, seat) => ({ ...o, seat })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
      const positions = order.map((o) => result.indexOf(o.name));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it('each game in its own measure and terms', () => {
    const sample = (game: GameRecord['game']): { lines: string; result: string } => {
      const rs = byGame(game);
      return { lines: rs.flatMap((r) => dealLines(ENGLISH, r)).join('\n'), result: rs.map((r) => resultLine(ENGLISH, r)).join('\n') };
    };
    const reunion = sample('reunion');
    expect(reunion.lines).toMatch(/Deal 1: \w+ dealt, trump [♣♠♥♦] \(turn-up \w+[♣♠♥♦]\) · card points /);
    expect(reunion.lines).toMatch(/ \/( ·|$)/m); // a Stange "/"
    expect(reunion.lines).toMatch(/ · \w+ captured \w+’s left bower \(1 unit\)/);
    expect(reunion.result).toMatch(/^🏆 \w+ \+\d+ units? \(\d+ card points\) · /m);
    const dreierles = sample('dreierles');
    expect(dreierles.lines).toMatch(
      /: \w+ dealt · \w+ played (Dreier|Zweier|Einer|Solo)( \(\d knocks?\))?: \d+ card points to \d+, (won|lost) · game points /,
    );
    expect(dreierles.lines).toMatch(/: \w+ dealt and sat out · Räuber( \(\d knocks?\))?: card points \w+ \d+ · \w+ \d+ · \w+ \d+ · game points /);
    expect(dreierles.result).toMatch(/game points, [+−]?€\d+\.\d\d/);
    const romme = sample('romme');
    expect(romme.lines).toMatch(/: \w+ dealt, \w+ went out · penalty points /);
    expect(romme.result).toMatch(/^1\. \w+ \d+ penalty points? · 2\. /m);
  });

  it('a hand-made Réunion deal: dealer, trump, score-sheet marks, bower capture and no-trick payment', () => {
    const record = {
      ...(byGame('reunion')[0] as GameRecord),
      deals: [
        {
          dealNo: 0,
          dealer: 2,
          trump: '♥',
          turnUp: '9♥',
          cardPoints: [120, 0, 30],
          tricks: [8, 0, 2],
          discardPoints: 0,
          marks: ['plain', 'slash', 'plain'],
          sidePayments: [
            { from: 1, to: 0, units: 1, reason: 'bower' },
            { from: 1, to: 0, units: 1, reason: 'noTrick' },
            { from: 1, to: 2, units: 1, reason: 'noTrick' },
          ],
        },
      ],
    } as GameRecord;
    expect(dealLines(ENGLISH, record)).toEqual([
      'Deal 1: Carl dealt, trump ♥ (turn-up 9♥) · card points Anna 120 · Bernd / · Carl 30 · Anna captured Bernd’s left bower (1 unit) · no trick: Bernd pays 1 unit to each opponent',
    ]);
  });
});

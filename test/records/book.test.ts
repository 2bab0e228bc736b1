/**
 * The record of a finished game credits each seat's result to the right scoreboard identity.
 */
import { describe, expect, it } from 'vitest';
import { toRecord } from '../../src/records/book.ts';
import { playFinished } from './played.ts';

describe('toRecord', () => {
  it('credits people by user id and computer seats as one entry per level', () => {
    const { finished } = playFinished('reunion', 3, 'book-1');
    const record = toRecord(finished, 'UTC');
    expect(record.outcomes.map((o) => [o.playerId, o.bot])).toEqual(finished.seats.map((s) => [s.bot ? `bot:${s.bot}` : s.userId, !!s.bot]));
  });

  it('a seat taken over (/table takeover) counts for the person who started in it, under their name', () => {
    const { finished } = playFinished('reunion', 3, 'book-2');
    const person = finished.seats.findIndex((s) => !s.bot);
    const original = finished.seats[person]!;
    finished.seats[person] = { userId: 'taker', name: 'Taker', startedBy: { userId: original.userId, name: original.name } };
    const outcome = toRecord(finished, 'UTC').outcomes[person]!;
    expect([outcome.playerId, outcome.name]).toEqual([original.userId, original.name]);
  });
});

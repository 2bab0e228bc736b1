/**
 * Duplicate scores of a night — pure. At a duplicate night every table plays the same deals (one seed), so in
 * each deal the cards of seat s were held by one player at every table. A player's duplicate score of a deal is
 * their result in the game's own measure (`GameRecords.dealMeasures`, src/games/<game>/duplicate.ts: Réunion card points, Dreierles net game
 * points, Rommé minus penalty points) minus the average of everyone who held the same cards in that deal (the
 * same seat at every table that played the deal). The night's duplicate score is the sum over the deals. With
 * only one holder of a deal's seat (one table, or the other tables stopped before that deal) the score is 0.
 *
 * Duplicate scores sum to zero over the holders of each deal's seat; they are fractions (an average of 3 values
 * is a third of a whole).
 */
import type { GameRecord } from '../records/types.ts';
import { gameById } from '../tables/games.ts';

/** A record's per-deal, per-seat results in its game's measure (null: the seat sat the deal out). */
export const dealMeasures = (record: Pick<GameRecord, 'game' | 'deals' | 'seats'>): (number | null)[][] =>
  gameById(record.game)?.dealMeasures(record.deals, record.seats.length) ?? [];

/**
 * The duplicate score per player id (`SeatOutcome.playerId`) over the records of one duplicate night (see the
 * module comment); a player id at several seats or tables (a computer level) gets the sum of all of them.
 */
export function duplicateScores(records: readonly Pick<GameRecord, 'game' | 'deals' | 'seats' | 'outcomes'>[]): Map<string, number> {
  const measures = records.map(dealMeasures);
  const scores = new Map<string, number>();
  for (const record of records) for (const o of record.outcomes) scores.set(o.playerId, 0);
  const deals = Math.max(0, ...measures.map((m) => m.length));
  const seats = Math.max(0, ...records.map((r) => r.seats.length));
  for (let deal = 0; deal < deals; deal++)
    for (let seat = 0; seat < seats; seat++) {
      const held = records.flatMap((record, t) => {
        const value = measures[t]?.[deal]?.[seat];
        const playerId = record.outcomes[seat]?.playerId;
        return value === null || value === undefined || playerId === undefined ? [] : [{ playerId, value }];
      });
      if (held.length === 0) continue;
      const average = held.reduce((sum, h) => sum + h.value, 0) / held.length;
      for (const h of held) scores.set(h.playerId, (scores.get(h.playerId) ?? 0) + h.value - average);
    }
  return scores;
}

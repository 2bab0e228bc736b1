/**
 * Synthetic game records for the ledger tests, the ledger crash child and the records bench: each record is a
 * pure function of (options, index), so a restarted process rebuilds exactly the record it was committing.
 * Three seats from a pool of people and the two computer levels (sometimes the same level twice, which is one
 * scoreboard entry), all three games, measures in each game's unit with ranks and wins that follow them.
 */
import { seededRng } from '../../src/cards/random.ts';
import type { GameId } from '../../src/tables/games.ts';
import { periodIds } from '../../src/records/periods.ts';
import { BOARD_SORTS, type GameRecord, PERIODS, type RecordLedger, type SeatOutcome } from '../../src/records/types.ts';
import type { SeatInfo } from '../../src/tables/types.ts';

export interface SyntheticOptions {
  guildId: string;
  /** Seed of the sequence. */
  seed: string;
  /** People in the pool (the two computer levels come on top). */
  people: number;
  /** finishedAt of record 0 (epoch ms) and the step to the next record, in ms (each record adds up to one step of jitter). */
  start: number;
  stepMs: number;
  timeZone: string;
}

export const GAMES: readonly GameId[] = ['reunion', 'dreierles', 'romme'];

/** A person's player id (a Discord-like snowflake). */
export const personId = (n: number): string => String(100_000_000_000 + n);

/** Measures of three seats in `game`'s unit: Réunion units and Dreierles game points sum to zero, Rommé is minus the penalty points (winner 0). */
function measures(game: GameId, rng: () => number): number[] {
  const int = (n: number) => Math.floor(rng() * n);
  if (game === 'romme') return [0, -int(120), -int(120)].sort(() => rng() - 0.5);
  const a = int(game === 'reunion' ? 9 : 200) - (game === 'reunion' ? 4 : 100);
  const b = int(game === 'reunion' ? 9 : 200) - (game === 'reunion' ? 4 : 100);
  return [a, b, -a - b];
}

/** Record number `i` of the sequence (no ratings: the ledger fills them in). */
export function syntheticRecord(o: SyntheticOptions, i: number): GameRecord {
  const rng = seededRng(`${o.seed}:${i}`);
  const game = GAMES[Math.floor(rng() * GAMES.length)] as GameId;
  const seats: SeatInfo[] = [];
  while (seats.length < 3) {
    const pick = Math.floor(rng() * (o.people + 6));
    if (pick >= o.people) {
      const bot = pick < o.people + 3 ? 'strong' : 'easy';
      seats.push({ userId: `bot:${seats.length}`, name: `🤖 ${bot}`, bot });
    } else if (!seats.some((s) => s.userId === personId(pick))) seats.push({ userId: personId(pick), name: `Player ${pick}` });
  }
  const m = measures(game, rng);
  const outcomes: SeatOutcome[] = seats.map((s, k) => {
    const measure = m[k] as number;
    const rank = 1 + m.filter((x) => x > measure).length;
    return {
      playerId: s.bot ? `bot:${s.bot}` : s.userId,
      name: s.name,
      bot: !!s.bot,
      measure,
      rank,
      win: rank === 1,
      counts: { deals: 3, [`${game}:special`]: Math.floor(rng() * 3) },
    };
  });
  const finishedAt = o.start + i * o.stepMs + Math.floor(rng() * o.stepMs);
  return {
    id: `r${i}`,
    guildId: o.guildId,
    channelId: `c${i % 7}`,
    game,
    options: {},
    seats,
    startedAt: finishedAt - 1_800_000,
    finishedAt,
    seed: `seed-${i}`,
    moves: [],
    result: null,
    deals: [],
    outcomes,
    periods: periodIds(finishedAt, o.timeZone),
    timeZone: o.timeZone,
  };
}

/**
 * The answers of `ledger` to a broad set of queries about `records` (all in `guildId`): every board of every game
 * and period the records count in (both scopes, every sort, whole and one inner page), every player's statistics
 * and rating history in every game, history pages (all, per game, per player, per player and game), all records.
 * Two ledgers holding the same records must give equal snapshots.
 */
export async function ledgerSnapshot(ledger: RecordLedger, guildId: string, records: readonly GameRecord[]): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const players = [...new Set(records.flatMap((r) => r.outcomes.map((o) => o.playerId)))].sort();
  const middle = records[Math.floor(records.length / 2)]?.finishedAt ?? 0;
  for (const game of GAMES) {
    const periods = [...new Set(records.filter((r) => r.game === game).flatMap((r) => PERIODS.map((p) => r.periods[p])))].sort();
    for (const periodId of periods)
      for (const includeBots of [false, true])
        for (const sort of BOARD_SORTS) {
          const q = { guildId, game, periodId, includeBots, sort };
          out[`board ${game} ${periodId} ${includeBots} ${sort}`] = await ledger.board({ ...q, offset: 0, limit: 1000 });
          out[`board ${game} ${periodId} ${includeBots} ${sort} 3+4`] = await ledger.board({ ...q, offset: 3, limit: 4 });
        }
    for (const playerId of players) {
      out[`stats ${game} ${playerId}`] = await ledger.stats(guildId, game, playerId);
      out[`rating ${game} ${playerId}`] = await ledger.ratingHistory(guildId, game, playerId, 0);
      out[`rating ${game} ${playerId} since`] = await ledger.ratingHistory(guildId, game, playerId, middle);
      out[`rating ${game} ${playerId} last 3`] = await ledger.ratingHistory(guildId, game, playerId, 0, 3);
    }
  }
  for (const game of [undefined, ...GAMES])
    for (const playerId of [undefined, ...players]) {
      const q = { guildId, ...(game ? { game } : {}), ...(playerId ? { playerId } : {}) };
      out[`history ${game} ${playerId}`] = await ledger.history({ ...q, offset: 0, limit: 25 });
      out[`history ${game} ${playerId} 10+15`] = await ledger.history({ ...q, offset: 10, limit: 15 });
    }
  out.all = await ledger.all(guildId);
  return out;
}

/** The synthetic sequence of the ledger crash test (parent and child build the same records from the seed). */
export const crashSequence = (seed: string): SyntheticOptions => ({
  guildId: '900',
  seed,
  people: 30,
  start: Date.UTC(2025, 0, 1),
  stepMs: 3_600_000,
  timeZone: 'Europe/Berlin',
});

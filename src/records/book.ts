/**
 * The table layer's result store: turns a finished game into a `GameRecord` (the game's measure, ranks and counts
 * per seat; the periods it counts in, in the guild's time zone) and commits it once to the ledger.
 */
import type { FinishedGame, ResultStore, SeatInfo } from '../tables/types.ts';
import { creditForComputerPlay, playedByComputer, seatShares } from './earned.ts';
import { RECORD_RULES } from './rules.ts';
import { periodIds } from './periods.ts';
import type { GameRecord, RecordLedger } from './types.ts';

/**
 * The scoreboard identity of a seat: the user id (of the person who started in the seat, when it was taken over),
 * or `bot:<level>` for a computer seat.
 */
export function playerIdOf(seat: Pick<SeatInfo, 'userId' | 'bot' | 'startedBy'>): string {
  return seat.bot ? `bot:${seat.bot}` : (seat.startedBy?.userId ?? seat.userId);
}

/**
 * Build the record of a finished game (pure: the time zone is given). A person's seat played mostly by the computer
 * counts for them as src/records/earned.ts says (`SeatOutcome.byComputer` keeps what the seat scored).
 */
export function toRecord(finished: FinishedGame, timeZone: string): GameRecord {
  const { deals, outcomes } = RECORD_RULES[finished.game].summarize(finished);
  const shares = seatShares(finished);
  const lastRank = finished.seats.length + 1;
  const worstMeasure = Math.min(...outcomes.map((o) => o.measure));
  return {
    ...finished,
    deals,
    outcomes: finished.seats.map((seat, i) => {
      const outcome = {
        playerId: playerIdOf(seat),
        name: seat.startedBy?.name ?? seat.name,
        bot: !!seat.bot,
        ...(outcomes[i] as (typeof outcomes)[number]),
      };
      const share = shares[i] ?? { own: 0, moves: 0 };
      if (!playedByComputer(seat, share)) return outcome;
      return {
        ...creditForComputerPlay(outcome, lastRank, worstMeasure),
        byComputer: { own: share.own, moves: share.moves, measure: outcome.measure, rank: outcome.rank },
      };
    }),
    periods: periodIds(finished.finishedAt, timeZone),
    timeZone,
  };
}

export class RecordBook implements ResultStore {
  private readonly listeners: ((record: GameRecord) => void)[] = [];

  constructor(
    readonly ledger: RecordLedger,
    private readonly timeZoneOf: (guildId: string) => Promise<string>,
  ) {}

  /** Call `listener` after each newly committed record (e.g. the weekly game night counts its tables). */
  onRecorded(listener: (record: GameRecord) => void): void {
    this.listeners.push(listener);
  }

  /** Commit the finished game once (a second append of the same table id changes nothing). */
  async append(finished: FinishedGame): Promise<void> {
    const { committed, record } = await this.ledger.commit(toRecord(finished, await this.timeZoneOf(finished.guildId)));
    if (committed) for (const listener of this.listeners) listener(record);
  }

  list(guildId: string): Promise<FinishedGame[]> {
    return this.ledger.all(guildId);
  }
}

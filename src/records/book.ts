/**
 * The table layer's result store: turns a finished game into a `GameRecord` (the game's measure, ranks and counts
 * per seat; the periods it counts in, in the guild's time zone) and commits it once to the ledger.
 */
import type { FinishedGame, ResultStore, SeatInfo } from '../tables/types.ts';
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

/** Build the record of a finished game (pure: the time zone is given). */
export function toRecord(finished: FinishedGame, timeZone: string): GameRecord {
  const { deals, outcomes } = RECORD_RULES[finished.game].summarize(finished);
  return {
    ...finished,
    deals,
    outcomes: finished.seats.map((seat, i) => ({
      playerId: playerIdOf(seat),
      name: seat.startedBy?.name ?? seat.name,
      bot: !!seat.bot,
      ...(outcomes[i] as (typeof outcomes)[number]),
    })),
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

/**
 * Deadlines that came due (the timer loop, src/discord/deadlines.ts, calls `expire` for each): a lobby that was
 * never started closes, a player is reminded at half time, a computer seat moves, a player out of time has the
 * rest of their turn played for them, and a table where every person is away closes without a result.
 */
import type { Seat } from '../games/types.ts';
import { humanSeats } from './bots.ts';
import { AWAY_AFTER_TURNS, dueAt } from './deadlines.ts';
import { type MoveOutcome, TableMoves } from './moves.ts';
import type { TableRecord } from './types.ts';

/** What a due deadline did (`TableService.expire`). */
export type TimerOutcome =
  /** Nothing was due (another process handled it, or the table changed); `table` is the current one, if any. */
  | { kind: 'none'; table: TableRecord | undefined }
  | { kind: 'lobbyClosed'; table: TableRecord }
  /** Half the turn timer has passed: remind `seat`. */
  | { kind: 'reminder'; table: TableRecord; seat: Seat }
  /**
   * The computer moved for `seat`: a bot seat's move, or (`auto`) the turn of a player who ran out of time or is
   * away (`wasAway`). `nowAway`: this timeout made the player away.
   */
  | { kind: 'moved'; seat: Seat; auto: boolean; wasAway: boolean; nowAway: boolean; outcome: MoveOutcome }
  /** Every human at the table is away: the table was closed without a result. */
  | { kind: 'abandoned'; table: TableRecord };

/** Deadlines that came due (see the file's comment). */
export abstract class TableExpiry extends TableMoves {
  /**
   * Handle the channel's deadline if it is due (any process may call this; the lock and the stored deadline
   * make it happen once): close an unstarted lobby, remind a player at half time, make a computer seat's
   * move, or play the whole turn of a player who ran out of time (`auto`; after `AWAY_AFTER_TURNS` in a row
   * the player is away, and when every person is away the table is closed without a result).
   */
  expire(channelId: string): Promise<TimerOutcome> {
    return this.deps.tables.withLock(channelId, async (): Promise<TimerOutcome> => {
      const table = await this.load(channelId);
      const deadline = table?.deadline;
      const now = this.deps.now();
      if (!table || !deadline) {
        // Nothing to do: make the index agree with the table (under its lock, so no newer deadline is overwritten).
        await this.deps.deadlines?.set(channelId, dueAt(deadline));
        return { kind: 'none', table };
      }
      if (deadline.kind === 'turn' && deadline.remindAt !== null && deadline.remindAt <= now && deadline.at > now) {
        // Only the timer's own bookkeeping changes: no version bump, so the hand the player has open stays playable.
        deadline.remindAt = null;
        await this.save(table, 'timer');
        return { kind: 'reminder', table, seat: deadline.seat };
      }
      if (deadline.at > now) {
        await this.deps.deadlines?.set(channelId, dueAt(deadline));
        return { kind: 'none', table };
      }
      if (deadline.kind === 'lobby') {
        if (table.status !== 'lobby') return { kind: 'none', table };
        await this.remove(table, 'closed', table.version + 1);
        return { kind: 'lobbyClosed', table };
      }
      const seat = deadline.seat;
      const info = table.seats[seat];
      const toAct = this.engine(table).toAct(table.state) as Seat[];
      if (!info || table.status !== 'playing' || toAct[0] !== seat) {
        this.schedule(table);
        await this.save(table, 'timer');
        return { kind: 'none', table };
      }
      if (deadline.kind === 'bot') {
        const events = this.applyMove(table, seat, await this.computerMove(table, seat, info.bot ?? this.engine(table).botLevel), true);
        const outcome = await this.store(table, events);
        this.deps.onMove?.(table.game, info.bot ? 'computer' : 'auto', 1);
        return { kind: 'moved', seat, auto: !info.bot, wasAway: Boolean(info.away), nowAway: false, outcome };
      }
      // The turn timer ran out: play the rest of this seat's turn for them (that turn only).
      const events: unknown[] = [];
      const engine = this.engine(table);
      const movesBefore = table.moves.length;
      const turn = engine.turnKey(table.state);
      const sameTurn = () =>
        engine.result(table.state) === null && (engine.toAct(table.state) as Seat[])[0] === seat && engine.turnKey(table.state) === turn;
      for (let i = 0; i < 50 && sameTurn(); i++)
        events.push(...this.applyMove(table, seat, await this.computerMove(table, seat, engine.botLevel), true));
      info.autoTurns = (info.autoTurns ?? 0) + 1;
      const nowAway = info.autoTurns >= AWAY_AFTER_TURNS;
      if (nowAway) info.away = true;
      const last = table.moves.length > movesBefore ? table.moves[table.moves.length - 1] : undefined;
      if (last) last.timeout = nowAway ? 'away' : 'auto';
      // Everyone away closes the table without a result — unless someone left: a leaver's loss is not escaped, the
      // computer plays the game to its end (docs/playing.md § Leaving a running game).
      const people = humanSeats(table);
      if (engine.result(table.state) === null && people.every((s) => s.away) && !people.some((s) => s.left)) {
        this.bump(table);
        await this.remove(table, 'closed', table.version);
        return { kind: 'abandoned', table };
      }
      const outcome = await this.store(table, events);
      this.deps.onMove?.(table.game, 'auto', table.moves.length - movesBefore);
      return { kind: 'moved', seat, auto: true, wasAway: false, nowAway, outcome };
    });
  }
}

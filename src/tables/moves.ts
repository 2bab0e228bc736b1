/**
 * Moves: a person's move (`act`, checked against the stamp of the hand it was made on), the computer's move for a
 * seat, and storing the table after moves — or, when the game is over, its finished record, freeing the channel (and
 * noting the channel's last finished game, `FinishedNote`).
 * A move is applied and stored whole, or not at all (under the channel's lock, src/store/tables.ts).
 */
import { createDecider, type Decider } from './decider.ts';
import type { BotLevel } from '../bots/types.ts';
import { IllegalMoveError, type Seat } from '../games/types.ts';
import { decisionSeed } from './bots.ts';
import { type Actor, stampOf, TableCore } from './core.ts';
import { Refusal } from '../refusal.ts';
import type { FinishedGame, TableRecord } from './types.ts';

/** The outcome of a move: the stored table after it, and the engine's events for narration. */
export interface MoveOutcome {
  table: TableRecord;
  events: unknown[];
  /** The finished-game record when this move ended the game. */
  finished: FinishedGame | null;
}

/** Whether the engine's events of stored moves include a deal's end (every game tells it as `dealScored`). */
const endsDeal = (events: readonly unknown[]): boolean =>
  events.some((e) => typeof e === 'object' && e !== null && (e as { type?: unknown }).type === 'dealScored');

/** Moves (see the file's comment). */
export abstract class TableMoves extends TableCore {
  /**
   * Make a move for the actor's seat. `stamp` is the table id and version the button was rendered at
   * (`stampOf`): a different stamp means the button is stale (or from another game) and nothing is applied. Throws `Refusal`
   * (no_table, not_playing, not_seated — also for a player who left the game —, stale) or `IllegalMoveError` with the engine's reason.
   * When the move ends the game, the finished record is stored and the channel freed, under the same lock.
   */
  act(channelId: string, actor: Actor, stamp: string, move: unknown): Promise<MoveOutcome> {
    return this.deps.tables.withLock(channelId, async () => {
      const table = await this.require(channelId);
      if (table.status !== 'playing') throw new Refusal('not_playing', 'refusal.not_started');
      const seat = this.seatOf(table, actor.userId);
      if (seat < 0) throw new Refusal('not_seated', 'refusal.not_playing_here');
      if (table.seats[seat]?.left) throw new Refusal('not_seated', 'refusal.left_no_back');
      if (stamp !== stampOf(table)) throw new Refusal('stale', 'refusal.stale');
      const events = this.applyMove(table, seat, move);
      const info = table.seats[seat];
      if (info) {
        delete info.away;
        delete info.autoTurns;
      }
      const outcome = await this.store(table, events);
      this.deps.onMove?.(table.game, 'person', 1);
      return outcome;
    });
  }

  /**
   * Apply one move to the loaded table (not stored yet); throws `IllegalMoveError` with the engine's reason. The move
   * is logged with `by: 'computer'` when the computer made it for a person's seat (`byComputer`, `LoggedMove.by`).
   */
  protected applyMove(table: TableRecord, seat: Seat, move: unknown, byComputer = false): unknown[] {
    const applied = this.engine(table).apply(table.state, seat, move);
    if (!applied.ok) throw new IllegalMoveError(applied.reason, table.game);
    table.state = applied.state;
    table.moves.push(byComputer && !table.seats[seat]?.bot ? { seat, move, by: 'computer' } : { seat, move });
    return applied.events;
  }

  /**
   * Store the table after moves: version + 1 and the next deadline; when the game is over, append the
   * finished record and free the channel instead (under the caller's lock) — a practice table only frees it.
   */
  protected async store(table: TableRecord, events: unknown[]): Promise<MoveOutcome> {
    const game = this.engine(table);
    this.bump(table);
    const result = game.result(table.state);
    if (result === null) {
      this.schedule(table);
      await this.save(table, endsDeal(events) ? 'deal' : 'move');
      return { table, events, finished: null };
    }
    table.status = 'finished';
    table.deadline = null;
    if (table.practice) {
      // A practice table is never recorded: the channel is freed, and its end shows both results (src/discord/render).
      await this.remove(table, 'finished', table.version);
      return { table, events, finished: null };
    }
    const finished: FinishedGame = {
      id: table.id,
      guildId: table.guildId,
      channelId: table.channelId,
      game: table.game,
      options: table.options,
      seats: table.seats,
      startedAt: table.startedAt ?? table.createdAt,
      finishedAt: table.updatedAt,
      seed: table.seed,
      moves: table.moves,
      result,
      ...(table.nightId ? { nightId: table.nightId } : {}),
    };
    await this.deps.results.append(finished);
    await this.remove(table, 'finished', table.version);
    // A note for My hand after the end; the game is recorded whether or not the note could be written.
    await this.deps.finished
      ?.set(table.channelId, {
        recordId: table.id,
        game: table.game,
        finishedAt: table.updatedAt,
        messageId: table.messageId,
        version: table.version,
      })
      .catch(() => undefined);
    return { table, events, finished };
  }

  /** The move the computer makes for `seat` now, at `level`, from that seat's view only (off the event loop with a pool). */
  protected computerMove(table: TableRecord, seat: Seat, level: BotLevel): Promise<unknown> {
    this.decider ??= createDecider(this.deps.decisionWorkers ?? 0, this.deps.monotonic ?? this.deps.now);
    return this.decider.decide({
      game: table.game,
      level,
      view: this.view(table, seat),
      seed: decisionSeed(table, table.moves.length),
      budgetMs: this.timing.decisionBudgetMs,
    });
  }

  /** Where decisions run: made at the first one (a pool starts its workers then). */
  protected decider: Decider | undefined;
}
